import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FreshnessDto } from '../../lotteries/dto/schedule.dto';
import { ADAPTER_NAMES } from '../domain/adapter-names';

export class RejectedRowDto {
  @ApiProperty({ description: "1-based position of the row in the source's answer." })
  row!: number;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  date!: string | null;

  @ApiProperty({ example: 'Main number 70 is out of range 1-69 for draws from 2015-10-07.' })
  message!: string;
}

/** What one sync did. */
export class SyncResultDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ example: 'socrata-powerball https://data.ny.gov/resource/d6yy-54nr.json' })
  source!: string;

  @ApiProperty({ description: 'Rows read from the answer.' })
  fetched!: number;

  @ApiProperty()
  inserted!: number;

  @ApiProperty()
  unchanged!: number;

  @ApiProperty({ description: 'Differing draws recorded for an administrator (GET /admin/conflicts).' })
  conflicts!: number;

  @ApiProperty({ description: 'Differing draws written at once (SYNC_ACCEPT_CORRECTIONS=on).' })
  corrected!: number;

  @ApiPropertyOptional({
    description:
      'Draws whose prizes were first stored or changed (a source whose mapping names prize fields).',
  })
  prizes?: number;

  @ApiPropertyOptional({
    description:
      "Rows dated before the lottery's first rules era: history this service does not keep, not faults of the source.",
  })
  ignored?: number;

  @ApiProperty({ type: () => [RejectedRowDto] })
  rejected!: RejectedRowDto[];

  @ApiPropertyOptional({
    description:
      'A source that was behind, whose URL names a period ({isoWeek}, {year}: from the one of the last stored draw ' +
      'to the current one, oldest first) or a draw number ({contest}: each after the last one read, up to the ' +
      'first not published yet): how many were asked (SYNC_CATCH_UP_PERIODS at most). Absent when one was.',
  })
  periods?: number;

  @ApiPropertyOptional({
    description: 'Periods still to ask after these, left to the next syncs. Absent when none (or not known).',
  })
  periodsLeft?: number;

  @ApiProperty({ type: String, nullable: true, example: 'HTTP 503 Service Unavailable' })
  error!: string | null;

  @ApiPropertyOptional({
    type: [String],
    description: "When a fallback answered: why each source before it failed ('adapter url: reason').",
  })
  fallbackAfter?: string[];

  @ApiPropertyOptional({
    enum: [true],
    description:
      'The source answered the scheduler’s conditional request with 304 Not Modified: nothing was fetched (a ' +
      'success). Absent otherwise.',
  })
  notModified?: true;
}

/** A source's sync state, with the lottery's freshness. */
export class SyncStateDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ enum: ADAPTER_NAMES })
  adapter!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({
    type: [String],
    example: ['generic https://raw.githubusercontent.com/…/powerball.csv'],
    description:
      "The fallbacks, in the order they are tried ('adapter url'); `lastResult.source` names which answered.",
  })
  fallbacks!: string[];

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSuccessAt!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the last attempt failed; null after a success.',
  })
  lastError!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the scheduler polls next.',
  })
  nextAttemptAt!: string | null;

  @ApiProperty()
  consecutiveFailures!: number;

  @ApiProperty({ type: () => SyncResultDto, nullable: true })
  lastResult!: SyncResultDto | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 2925,
    description:
      "The highest draw number read from the source (a mapping's `contest`): a URL holding `{contest}` asks for " +
      'the ones after it. null until one is read, and for sources that number no draws.',
  })
  lastContest!: number | null;

  @ApiProperty({
    type: () => FreshnessDto,
    nullable: true,
    description: 'null when the lottery has no calendar.',
  })
  freshness!: FreshnessDto | null;
}
