import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { PageQueryDto } from '../../../common/pagination/page-query.dto';
import { IsIsoDate, IsNotBeforeEarliestDrawDate } from './draw-date.validators';

const FLAGS = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** true/false/1/0, case-insensitive; anything else (including a repeated parameter) is left to fail. */
const toFlag = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? (FLAGS.get(value.toLowerCase()) ?? value) : value;

function SortNumber() {
  return applyDecorators(
    ApiPropertyOptional({
      name: 'sort_number',
      type: Boolean,
      default: false,
      description:
        'false: each group in draw order; true: each group by ascending value (`order` keeps the draw ' +
        'position). Also 1/0, case-insensitive.',
    }),
    IsOptional(),
    Transform(toFlag),
    IsBoolean({ message: Messages.invalidField('sort_number', 'true, false, 1 or 0') }),
  );
}

function DateBound(field: 'from' | 'to') {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'date',
      description: `Inclusive ${field === 'from' ? 'lower' : 'upper'} bound on the draw date, 'YYYY-MM-DD'.`,
    }),
    IsOptional(),
    IsIsoDate({ message: Messages.invalidField(field, "'YYYY-MM-DD' format") }),
    IsNotBeforeEarliestDrawDate({ message: Messages.drawDateTooEarly }),
  );
}

/** `sort_number` of the one-draw routes. */
export class SortNumberQueryDto {
  @SortNumber()
  sort_number?: boolean;
}

/** The draw lists: paging, `sort_number` and an inclusive date range. */
export class DrawListQueryDto extends PageQueryDto {
  @SortNumber()
  sort_number?: boolean;

  @DateBound('from')
  from?: string;

  @DateBound('to')
  to?: string;
}
