import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { PageQueryDto } from '../../../common/pagination/page-query.dto';
import type { LotteryFilter } from '../domain/lottery-filter';

const COUNTRY_MESSAGE = Messages.invalidField(
  'country',
  'a two-letter code (ISO 3166-1 alpha-2, or EU for multi-national games)',
);
const Q_MESSAGE = Messages.invalidField('q', 'words of a lottery name or tag, at most 100 characters');
const STATUS_MESSAGE = Messages.invalidField('status', "'active' or 'retired'");

/** Case-insensitive values compare in lower case; a repeated parameter (an array) is left to fail validation. */
const lowerCase = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.toLowerCase() : value;

/** GET /lotteries: a page of the lotteries that match every filter given (contract section 2). */
export class LotteryListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'US',
    description: 'Only lotteries of this country (ISO 3166-1 alpha-2, or EU), in any case.',
  })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: COUNTRY_MESSAGE })
  @IsString({ message: COUNTRY_MESSAGE })
  country?: string;

  @ApiPropertyOptional({
    example: 'lotto',
    description: 'Only lotteries whose name or tag holds every word given (case-insensitive).',
  })
  @IsOptional()
  @MaxLength(100, { message: Q_MESSAGE })
  @IsString({ message: Q_MESSAGE })
  q?: string;

  @ApiPropertyOptional({
    enum: ['active', 'retired'],
    description: '`active`: games still drawn; `retired`: games that have ended.',
  })
  @IsOptional()
  @Transform(lowerCase)
  @IsIn(['active', 'retired'], { message: STATUS_MESSAGE })
  status?: 'active' | 'retired';

  /** The filters given, as the catalog applies them. */
  static filterOf(query: LotteryListQueryDto): LotteryFilter {
    return {
      country: query.country?.toUpperCase(),
      words: (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      status: query.status,
    };
  }
}
