import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Messages } from '../errors/messages';

export const MAX_PAGE_SIZE = 15;
const MAX_OFFSET = 2_147_483_647;
const NON_NEGATIVE = 'a non-negative integer';
export const LIMIT_MESSAGE = Messages.invalidField('limit', NON_NEGATIVE);

/** Only plain digit strings are numbers here: '', '1.5', '-1', '1e3' and repeated parameters are refused. */
export const toNonNegativeInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value === undefined ? undefined : NaN;

/** `limit` and `offset` as the contract's pagination envelope defines them (section 1). */
export class PageQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: MAX_PAGE_SIZE,
    default: MAX_PAGE_SIZE,
    description:
      'Page size. Values above 15 are capped to 15; 0 returns only the counts. On metered routes every page is ' +
      'one request of your monthly quota: a whole history costs one per 15 draws (us_powerball, 3,261 draws ' +
      'bundled: 218 requests), so narrow the walk with from/to where you can.',
  })
  @IsOptional()
  @Transform(toNonNegativeInteger)
  @Min(0, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;

  // class-validator runs decorators bottom-up and stops at the first failure: the type checks go last.
  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: MAX_OFFSET,
    default: 0,
    description: 'Number of items to skip.',
  })
  @IsOptional()
  @Transform(toNonNegativeInteger)
  @Max(MAX_OFFSET, { message: Messages.invalidField('offset', `${NON_NEGATIVE} up to ${MAX_OFFSET}`) })
  @Min(0, { message: Messages.invalidField('offset', NON_NEGATIVE) })
  @IsInt({ message: Messages.invalidField('offset', NON_NEGATIVE) })
  offset?: number;
}
