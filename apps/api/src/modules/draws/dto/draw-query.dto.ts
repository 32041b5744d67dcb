import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { PageQueryDto, toNonNegativeInteger } from '../../../common/pagination/page-query.dto';
import { MAX_ROUNDS } from '../../lotteries/domain/lottery-rules';
import type { NumberOrder } from '../domain/draw-view';
import { IsIsoDate, IsNotBeforeEarliestDrawDate, IsOnOrBeforeTo } from './draw-date.validators';

export const SORT_NUMBER_MESSAGE = Messages.invalidField(
  'sort_number',
  'true, false, 1, 0, yes, no, asc or desc',
);

/** The values of `sort_number` (case-insensitive): the seed's booleans, and what public clients send. */
const SORT_NUMBER_VALUES = new Map<string, NumberOrder>([
  ['false', 'draw'],
  ['0', 'draw'],
  ['no', 'draw'],
  ['true', 'asc'],
  ['1', 'asc'],
  ['yes', 'asc'],
  ['asc', 'asc'],
  ['desc', 'desc'],
]);
const NUMBER_ORDERS: NumberOrder[] = ['draw', 'asc', 'desc'];

/**
 * `sort_number` once transformed: the NumberOrder values, spelled out here rather than imported so that the
 * decorators' `design:type` stays String where each file is compiled on its own (ts-jest), as with tsc.
 */
type SortNumberValue = 'draw' | 'asc' | 'desc';

/** Anything that is not one of the values (including a repeated parameter) is left as it is, to fail. */
const toNumberOrder = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? (SORT_NUMBER_VALUES.get(value.toLowerCase()) ?? value) : value;

function SortNumber() {
  return applyDecorators(
    ApiPropertyOptional({
      name: 'sort_number',
      oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['asc', 'desc'] }],
      default: false,
      description:
        'How each group (main, then special) is ordered; `order` always keeps the draw position. ' +
        '`false` (also `0`, `no`): as drawn. `true` (also `1`, `yes`, `asc`): by ascending value. ' +
        '`desc`: by descending value. Case-insensitive.',
    }),
    IsOptional(),
    Transform(toNumberOrder),
    IsIn(NUMBER_ORDERS, {
      message: SORT_NUMBER_MESSAGE,
    }),
  );
}

export function DateBound(field: 'from' | 'to') {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'date',
      description: `Inclusive ${field === 'from' ? 'lower' : 'upper'} bound on the draw date, 'YYYY-MM-DD'.`,
    }),
    IsOptional(),
    // Judges two valid dates only: a malformed one gets its format message first.
    ...(field === 'from' ? [IsOnOrBeforeTo({ message: Messages.fromAfterTo })] : []),
    IsIsoDate({ message: Messages.invalidField(field, "'YYYY-MM-DD' format") }),
    IsNotBeforeEarliestDrawDate({ message: Messages.drawDateTooEarly }),
  );
}

/** `sort_number` of the one-draw routes. */
export class SortNumberQueryDto {
  @SortNumber()
  sort_number?: SortNumberValue;
}

export const ROUND_MESSAGE = Messages.invalidField('round', `a positive integer up to ${MAX_ROUNDS}`);

/** `?round=N`: which draw of a date with several rounds (contract section 10); 1 by default. */
export function Round() {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      minimum: 1,
      maximum: MAX_ROUNDS,
      default: 1,
      description:
        'Which draw of the date, where the lottery draws several rounds on one date (UK Lotto since 2026-06-10); ' +
        '1 by default. A round that was not drawn is a 404.',
    }),
    IsOptional(),
    Transform(toNonNegativeInteger),
    // Decorators run bottom-up and stop at the first failure: the type check goes last.
    Max(MAX_ROUNDS, { message: ROUND_MESSAGE }),
    Min(1, { message: ROUND_MESSAGE }),
    IsInt({ message: ROUND_MESSAGE }),
  );
}

/** The one-draw-by-date routes: `sort_number` and `round`. */
export class DrawOnDateQueryDto extends SortNumberQueryDto {
  @Round()
  round?: number;
}

/** `round` alone (the prizes of a date; the administrators' writes). */
export class RoundQueryDto {
  @Round()
  round?: number;
}

/** The draw lists: paging, `sort_number` and an inclusive date range. */
export class DrawListQueryDto extends PageQueryDto {
  @SortNumber()
  sort_number?: SortNumberValue;

  @DateBound('from')
  from?: string;

  @DateBound('to')
  to?: string;
}
