import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { Messages } from '../../../common/errors/messages';

/** Years before 1000 are refused too: PostgreSQL has no year 0 and JavaScript maps years 0–99 to 19xx. */
export const MONTH_PATTERN = /^[1-9]\d{3}-(0[1-9]|1[0-2])$/;

export const MONTH_MESSAGE = Messages.invalidField('month', "'YYYY-MM' format");

export class UsageQueryDto {
  @ApiPropertyOptional({
    example: '2026-11',
    pattern: MONTH_PATTERN.source,
    description: 'Default: the current UTC month.',
  })
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: MONTH_MESSAGE })
  month?: string;
}
