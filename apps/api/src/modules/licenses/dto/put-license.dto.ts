import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

/** PostgreSQL `integer`: larger values would fail in the database instead of as a 400. */
const MAX_INT = 2_147_483_647;
const quotaMessage = Messages.invalidField(
  'monthlyQuota',
  `a whole number from 0 to ${MAX_INT}, or null for unlimited`,
);
const rateMessage = (field: string) => Messages.invalidField(field, `a whole number from 1 to ${MAX_INT}`);

/** The whole license (PUT replaces it): every field is required. */
export class PutLicenseDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_INT,
    example: 1000,
    description: 'null = unlimited.',
  })
  @IsDefined({ message: quotaMessage })
  @ValidateIf((_dto, value) => value !== null)
  @IsInt({ message: quotaMessage })
  @Min(0, { message: quotaMessage })
  @Max(MAX_INT, { message: quotaMessage })
  monthlyQuota!: number | null;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_INT, example: 20 })
  @IsInt({ message: rateMessage('perSecond') })
  @Min(1, { message: rateMessage('perSecond') })
  @Max(MAX_INT, { message: rateMessage('perSecond') })
  perSecond!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_INT, example: 1200 })
  @IsInt({ message: rateMessage('perMinute') })
  @Min(1, { message: rateMessage('perMinute') })
  @Max(MAX_INT, { message: rateMessage('perMinute') })
  perMinute!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_INT, example: 72000 })
  @IsInt({ message: rateMessage('perHour') })
  @Min(1, { message: rateMessage('perHour') })
  @Max(MAX_INT, { message: rateMessage('perHour') })
  perHour!: number;
}
