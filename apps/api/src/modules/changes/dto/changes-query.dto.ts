import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { toNonNegativeInteger } from '../../../common/pagination/page-query.dto';

export const CHANGES_DEFAULT_LIMIT = 100;
export const CHANGES_MAX_LIMIT = 1000;
export const SINCE_MESSAGE = Messages.invalidField('since', "a cursor from a previous answer's 'next'");
export const LOTTERIES_MESSAGE = Messages.invalidField('lotteries', 'lottery tags separated by commas');
const LIMIT_MESSAGE = Messages.invalidField('limit', 'a non-negative integer');

/** `GET /changes` (contract section 12). */
export class ChangesQueryDto {
  @ApiPropertyOptional({
    type: String,
    description:
      'Where to go on from: the `next` of a previous answer. Omitted: from now (no changes, `next` the current cursor).',
  })
  @IsOptional()
  @IsString({ message: SINCE_MESSAGE })
  since?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'fr_lotto,eu_euromillions',
    description: 'Only the events of these lotteries (tags separated by commas); all of them when omitted.',
  })
  @IsOptional()
  @IsString({ message: LOTTERIES_MESSAGE })
  @Matches(/^$|^[a-z0-9][a-z0-9_-]{0,63}(,[a-z0-9][a-z0-9_-]{0,63}){0,99}$/, { message: LOTTERIES_MESSAGE })
  lotteries?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: CHANGES_MAX_LIMIT,
    default: CHANGES_DEFAULT_LIMIT,
    description: `Events per answer; values above ${CHANGES_MAX_LIMIT} are capped to ${CHANGES_MAX_LIMIT}.`,
  })
  @IsOptional()
  @Transform(toNonNegativeInteger)
  @Min(0, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;
}
