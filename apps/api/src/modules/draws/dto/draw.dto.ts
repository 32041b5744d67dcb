import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One drawn number (contract section 1). */
export class DrawNumberDto {
  @ApiProperty({ description: 'true for a special number (bonus ball, lucky star, …).' })
  special!: boolean;

  @ApiProperty({
    example: 0,
    description:
      'Position in the draw, counted separately for main and special numbers, each from 0. ' +
      'It never changes with sort_number.',
  })
  order!: number;

  @ApiProperty({ example: 7 })
  value!: number;
}

/** One draw: main numbers first, then special numbers. */
export class DrawDto {
  @ApiProperty({ example: '2024-01-02', format: 'date' })
  date!: string;

  @ApiPropertyOptional({
    example: 2,
    minimum: 1,
    description:
      'Which draw of its date: present only on draws of rule eras with more than one round (`rules[].rounds`).',
  })
  round?: number;

  @ApiPropertyOptional({
    example: 2,
    minimum: 1,
    description:
      'How many rounds of its date are stored, beside `round` (only on draws of eras with more than one round), ' +
      'so that a client reading round 1 knows that round 2 exists.',
  })
  rounds?: number;

  @ApiProperty({ type: () => DrawNumberDto, isArray: true })
  numbers!: DrawNumberDto[];
}
