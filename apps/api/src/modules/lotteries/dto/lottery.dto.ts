import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DrawScheduleDto, FreshnessDto, NextDrawDto } from './schedule.dto';

/** How many numbers a group holds and from which range (contract section 1). */
export class NumberGroupDto {
  @ApiProperty({ example: 5 })
  count!: number;

  @ApiProperty({ example: 1 })
  min!: number;

  @ApiProperty({ example: 69 })
  max!: number;

  @ApiProperty({
    example: true,
    description: 'false only where the numbers come from separate pools and may repeat.',
  })
  distinct!: boolean;
}

/** A special group: where its numbers come from, for checking tickets. */
export class SpecialRuleDto extends NumberGroupDto {
  @ApiProperty({
    enum: ['own', 'main'],
    example: 'own',
    description:
      '`own`: the player chooses the specials on the ticket, from their own pool (Powerball, Lucky Stars, ' +
      "Superzahl); `main`: they are drawn from the main pool and match the ticket's main numbers (bonus balls, " +
      'supplementaries, the Jolly), so a ticket carries main numbers only.',
  })
  pool!: 'own' | 'main';

  @ApiPropertyOptional({
    example: 1,
    description:
      'How many of the drawn specials count for prizes, in draw order (SuperEnalotto: the Jolly, not the SuperStar). Absent: all.',
  })
  counted?: number;
}

/** The special group as shown at the top of a lottery: the current rule plus what the operator calls it. */
export class SpecialGroupDto extends SpecialRuleDto {
  @ApiProperty({ type: String, nullable: true, example: 'Powerball' })
  name!: string | null;
}

export class PrizeDto {
  @ApiProperty({ enum: ['jackpot', 'fixed', 'parimutuel', 'free-play'], example: 'fixed' })
  type!: 'jackpot' | 'fixed' | 'parimutuel' | 'free-play';

  @ApiPropertyOptional({ example: 7, description: 'Fixed prizes only: the base amount per line.' })
  amount?: number;

  @ApiPropertyOptional({ example: 'USD', description: 'Fixed prizes only: ISO 4217.' })
  currency?: string;
}

/** A prize division and what a line must match to win it. */
export class PrizeDivisionDto {
  @ApiProperty({
    example: 7,
    description: '1 is the top prize; equal ranks are alternatives of one division.',
  })
  rank!: number;

  @ApiProperty({ example: 2, description: 'Main numbers matched, exactly.' })
  main!: number;

  @ApiPropertyOptional({
    example: 1,
    description: 'Specials matched, exactly (absent with specialAtLeast, or when specials do not matter).',
  })
  special?: number;

  @ApiPropertyOptional({ example: 1, description: 'At least this many specials matched.' })
  specialAtLeast?: number;

  @ApiProperty({ type: () => PrizeDto })
  prize!: PrizeDto;
}

/** The prize structure in force from `from` until the next period of the era. */
export class PrizePeriodDto {
  @ApiProperty({ example: '2015-10-07', format: 'date' })
  from!: string;

  @ApiProperty({ example: 'https://www.powerball.com/powerball-prize-chart (operator)' })
  source!: string;

  @ApiPropertyOptional({ example: 'Power Play multipliers not included.' })
  note?: string;

  @ApiProperty({
    type: () => PrizeDivisionDto,
    isArray: true,
    nullable: true,
    description:
      'In rank order: a line wins the first division it meets. null: the structure changed then, but is not known.',
  })
  divisions!: PrizeDivisionDto[] | null;
}

/** The rules in force from `from` until the next era starts. */
export class RuleEraDto {
  @ApiProperty({ example: '2015-10-07', format: 'date' })
  from!: string;

  @ApiProperty({ type: () => NumberGroupDto })
  main!: NumberGroupDto;

  @ApiProperty({ type: () => SpecialRuleDto, nullable: true })
  special!: SpecialRuleDto | null;

  @ApiProperty({
    type: () => PrizePeriodDto,
    isArray: true,
    description: 'The prize structures of the era with their sources, ascending; empty when none is known.',
  })
  prizes!: PrizePeriodDto[];

  @ApiPropertyOptional({
    example: 2,
    minimum: 2,
    description:
      'How many draws (rounds) a draw date has in this era, at most; present only where there is more than one ' +
      '(UK Lotto since 2026-06-10). Draws of such an era carry `round`.',
  })
  rounds?: number;
}

/** Derived from the stored draws. */
export class DrawStatsDto {
  @ApiProperty({ example: 1234 })
  count!: number;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2010-02-03' })
  first!: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-11-21' })
  last!: string | null;
}

/** A lottery as the API shows it (contract section 1). */
export class LotteryDto {
  @ApiProperty({ example: 'us_powerball', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' })
  tag!: string;

  @ApiProperty({ example: 'Powerball' })
  name!: string;

  @ApiProperty({ example: 'US' })
  country!: string;

  @ApiProperty({ example: 'America/New_York', description: 'IANA zone; draw dates are calendar days there.' })
  timezone!: string;

  @ApiProperty({
    type: () => NumberGroupDto,
    description: 'The main numbers under the rules in force today.',
  })
  main!: NumberGroupDto;

  @ApiProperty({
    type: () => SpecialGroupDto,
    nullable: true,
    description: 'The special numbers under the rules in force today; null when there are none.',
  })
  special!: SpecialGroupDto | null;

  @ApiProperty({ type: () => DrawStatsDto })
  draws!: DrawStatsDto;

  @ApiProperty({
    enum: ['active', 'retired'],
    example: 'active',
    description: '`retired`: the game has ended (on `retiredOn`); its history is still served.',
  })
  status!: 'active' | 'retired';

  @ApiPropertyOptional({
    example: '2026-02-21',
    description: 'Present only for a retired game: the date it ended.',
  })
  retiredOn?: string;

  @ApiProperty({ type: () => RuleEraDto, isArray: true, description: 'Rule history, ascending by `from`.' })
  rules!: RuleEraDto[];

  @ApiProperty({
    example: false,
    description:
      'true when main numbers are stored in the order drawn; false when as published (often sorted).',
  })
  drawOrder!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The authority for the lottery's results: the operator and where it publishes them. Where this " +
      "service's copy was taken from is for administrators (`provenance` in GET /admin/lotteries).",
  })
  source!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Multi-State Lottery Association',
    description: 'Who runs the game, short; null when not recorded.',
  })
  operator!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Open NY terms (data.ny.gov)',
    description:
      "The terms under which the lottery's shipped source publishes its results, short ('none found' where none " +
      'were found: the operator decides); null when not recorded.',
  })
  terms!: string | null;

  @ApiProperty({
    type: () => DrawScheduleDto,
    nullable: true,
    description: 'null: draws follow no schedule.',
  })
  schedule!: DrawScheduleDto | null;

  @ApiPropertyOptional({
    type: () => NextDrawDto,
    nullable: true,
    description: 'null without a schedule; absent for a retired game.',
  })
  nextDraw?: NextDrawDto | null;

  @ApiProperty({
    type: () => FreshnessDto,
    nullable: true,
    description: 'null without a schedule; a retired game is always `current`.',
  })
  freshness!: FreshnessDto | null;
}

/** A lottery as administrators list it: with where the service's copy of its history was taken from. */
export class AdminLotteryDto extends LotteryDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Where this service's copy of the history was taken from (a repository or mirror, with its terms); " +
      'null when not recorded.',
  })
  provenance!: string | null;
}
