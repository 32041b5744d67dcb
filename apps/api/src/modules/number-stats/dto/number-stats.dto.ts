import { ApiProperty } from '@nestjs/swagger';

export class ValueStatsDto {
  @ApiProperty({ example: 1 })
  value!: number;

  @ApiProperty({ example: 95, description: 'Draws in the window whose group holds the value.' })
  count!: number;

  @ApiProperty({ example: 0.0819, description: 'count / draws (0 when the window has no draw), unrounded.' })
  frequency!: number;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-06-14',
    description: 'The latest such draw.',
  })
  lastDrawn!: string | null;

  @ApiProperty({
    example: 22,
    description: 'Draws in the window after lastDrawn (all of them when it is null).',
  })
  drawsSince!: number;

  @ApiProperty({
    example: 71,
    description:
      'The longest run of consecutive draws in the window without the value, the runs before its first and after its last appearance included.',
  })
  longestGap!: number;
}

export class NumberStatsDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ type: String, format: 'date', example: '2015-10-07' })
  from!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-08-05',
    description: 'null only for a lottery without draws.',
  })
  to!: string | null;

  @ApiProperty({ example: 1160, description: 'The draws in the window.' })
  draws!: number;

  @ApiProperty({
    type: () => ValueStatsDto,
    isArray: true,
    description: 'One entry per value in range in any rule era overlapping the window, ascending by value.',
  })
  main!: ValueStatsDto[];

  @ApiProperty({
    type: () => ValueStatsDto,
    isArray: true,
    nullable: true,
    description: 'null when no era of the window has special numbers.',
  })
  special!: ValueStatsDto[] | null;
}
