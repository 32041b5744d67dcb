import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEEKDAYS } from '../domain/draw-schedule';

export class ScheduleEraDto {
  @ApiProperty({ example: '2021-08-23', format: 'date', description: 'First day of the era.' })
  from!: string;

  @ApiProperty({ example: 'America/New_York', description: 'IANA zone of the draw times and dates.' })
  timezone!: string;

  @ApiProperty({ enum: WEEKDAYS, isArray: true, example: ['monday', 'wednesday', 'saturday'] })
  weekdays!: string[];

  @ApiProperty({ example: '22:59', description: "Local draw time, 'HH:MM'." })
  time!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { wednesday: '18:25' },
    description: 'Weekdays drawn at another local time than `time`.',
  })
  times?: Record<string, string>;
}

/** When a lottery draws: eras of weekdays and local times, like its number rules. */
export class DrawScheduleDto {
  @ApiProperty({
    example: 360,
    minimum: 0,
    maximum: 10080,
    description: 'Minutes after a draw within which its result is expected to be published.',
  })
  publicationWindowMinutes!: number;

  @ApiProperty({ type: () => [ScheduleEraDto], description: 'Ascending by `from`.' })
  eras!: ScheduleEraDto[];
}

export class NextDrawDto {
  @ApiProperty({
    example: '2026-11-23',
    format: 'date',
    description: "The draw's date in the lottery's zone.",
  })
  date!: string;

  @ApiProperty({ example: '2026-11-23T22:59:00-05:00', description: 'When it takes place, with the offset.' })
  at!: string;
}

export class FreshnessDto {
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The newest stored draw.' })
  lastDraw!: string | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: 'The latest scheduled draw that has taken place.',
  })
  expectedLastDraw!: string | null;

  @ApiProperty({
    enum: ['current', 'awaiting', 'stale'],
    enumName: 'FreshnessStatus',
    description:
      'current: every draw that took place is here; awaiting: the latest is not yet, within its publication ' +
      'window; stale: a draw is missing past its window.',
  })
  status!: 'current' | 'awaiting' | 'stale';

  @ApiProperty({ example: 0, description: 'Hours since the oldest missing draw took place; 0 when current.' })
  hoursBehind!: number;
}
