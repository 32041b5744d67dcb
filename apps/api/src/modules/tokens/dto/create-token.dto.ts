import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import {
  DESCRIPTION_MESSAGE,
  DESCRIPTION_PATTERN,
  TOKEN_ID_MESSAGE,
  TOKEN_ID_PATTERN,
  trimString,
} from '../token-fields';

export const EXPIRES_AT_MESSAGE = Messages.invalidField('expiresAt', 'an ISO 8601 date-time in the future');

export class CreateTokenDto {
  // Missing, empty and blank ids all get the contract's one message; each other constraint names the field.
  @ApiProperty({
    minLength: 1,
    maxLength: 64,
    example: 'production',
    description: 'Unique within the account; trimmed.',
  })
  @Transform(trimString)
  @IsDefined({ message: Messages.tokenIdEmpty })
  @IsString({ message: TOKEN_ID_MESSAGE })
  @IsNotEmpty({ message: Messages.tokenIdEmpty })
  @Matches(TOKEN_ID_PATTERN, { message: TOKEN_ID_MESSAGE })
  id!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, example: 'Website backend' })
  @IsOptional()
  @IsString({ message: DESCRIPTION_MESSAGE })
  @Matches(DESCRIPTION_PATTERN, { message: DESCRIPTION_MESSAGE })
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    example: '2027-01-01T00:00:00Z',
    description: 'When the token stops working (refused like an unknown token from then on). Omit: never.',
  })
  @IsOptional()
  @IsString({ message: EXPIRES_AT_MESSAGE })
  @IsISO8601({ strict: true }, { message: EXPIRES_AT_MESSAGE })
  expiresAt?: string;
}
