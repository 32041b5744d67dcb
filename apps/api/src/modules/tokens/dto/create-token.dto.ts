import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import {
  DESCRIPTION_MESSAGE,
  DESCRIPTION_PATTERN,
  TOKEN_ID_MESSAGE,
  TOKEN_ID_PATTERN,
  trimString,
} from '../token-fields';

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
}
