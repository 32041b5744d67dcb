import { ApiProperty } from '@nestjs/swagger';

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

  @ApiProperty({ type: () => DrawNumberDto, isArray: true })
  numbers!: DrawNumberDto[];
}
