import { ApiProperty } from '@nestjs/swagger';
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

/** The special group as shown at the top of a lottery: the current rule plus what the operator calls it. */
export class SpecialGroupDto extends NumberGroupDto {
  @ApiProperty({ type: String, nullable: true, example: 'Powerball' })
  name!: string | null;
}

/** The rules in force from `from` until the next era starts. */
export class RuleEraDto {
  @ApiProperty({ example: '2015-10-07', format: 'date' })
  from!: string;

  @ApiProperty({ type: () => NumberGroupDto })
  main!: NumberGroupDto;

  @ApiProperty({ type: () => NumberGroupDto, nullable: true })
  special!: NumberGroupDto | null;
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

  @ApiProperty({ type: () => RuleEraDto, isArray: true, description: 'Rule history, ascending by `from`.' })
  rules!: RuleEraDto[];

  @ApiProperty({
    example: false,
    description:
      'true when main numbers are stored in the order drawn; false when as published (often sorted).',
  })
  drawOrder!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Where the draw history comes from.' })
  source!: string | null;

  @ApiProperty({
    type: () => DrawScheduleDto,
    nullable: true,
    description: 'null: draws follow no schedule.',
  })
  schedule!: DrawScheduleDto | null;

  @ApiProperty({ type: () => NextDrawDto, nullable: true, description: 'null without a schedule.' })
  nextDraw!: NextDrawDto | null;

  @ApiProperty({ type: () => FreshnessDto, nullable: true, description: 'null without a schedule.' })
  freshness!: FreshnessDto | null;
}
