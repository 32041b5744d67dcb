import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { DateBound } from '../../draws/dto/draw-query.dto';
import { EXPORT_FORMATS, type ExportFormat } from '../draw-export-encoding';

export const FORMAT_MESSAGE = Messages.invalidField('format', EXPORT_FORMATS.join(', '));
export const PRIZES_MESSAGE = Messages.invalidField('prizes', 'true or false');

/** `true`/`false` (any case) as booleans; anything else (a repeated parameter included) is left to fail. */
const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
};

/** `GET /lottery/{tag}/draws/export` (contract section 12). */
export class ExportQueryDto {
  @ApiPropertyOptional({
    enum: EXPORT_FORMATS,
    default: 'csv',
    description:
      '`csv` (RFC 4180, a header row, one draw per line), `json` (`{"lottery", "draws": [Draw…]}`) or `ndjson` ' +
      '(one Draw per line).',
  })
  @IsOptional()
  @IsIn(EXPORT_FORMATS, { message: FORMAT_MESSAGE })
  format?: ExportFormat;

  @DateBound('from')
  from?: string;

  @DateBound('to')
  to?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      "Adds each draw's stored prize facts: `prizes` (the `/prizes` answer without `lottery`, or null) in JSON " +
      'and NDJSON; the columns `d1_winners`, `d1_amount`, … of the widest prize structure in CSV.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: PRIZES_MESSAGE })
  prizes?: boolean;
}
