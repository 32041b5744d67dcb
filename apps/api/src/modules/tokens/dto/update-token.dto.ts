import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { DESCRIPTION_MESSAGE, DESCRIPTION_PATTERN } from '../token-fields';
import { EXPIRES_AT_MESSAGE } from './create-token.dto';

/** Changes a token's description, its expiry, or both; a field left out stays as it is. */
export class UpdateTokenDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'The new description; null clears it. Required unless `expiresAt` is given.',
  })
  // null is a value ("no description"). An empty body is refused with the description's message rather than
  // read as "change nothing" (or as "clear"): a client that sent nothing has a bug worth hearing about.
  @ValidateIf(
    (dto: UpdateTokenDto, value) => value !== null && (value !== undefined || dto.expiresAt === undefined),
  )
  @IsString({ message: DESCRIPTION_MESSAGE })
  @Matches(DESCRIPTION_PATTERN, { message: DESCRIPTION_MESSAGE })
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2027-01-01T00:00:00Z',
    description: 'A new expiry, in the future; null: the token never expires. Omit: the expiry stays.',
  })
  // IsOptional lets null through: null removes the expiry.
  @IsOptional()
  @IsString({ message: EXPIRES_AT_MESSAGE })
  @IsISO8601({ strict: true }, { message: EXPIRES_AT_MESSAGE })
  expiresAt?: string | null;
}
