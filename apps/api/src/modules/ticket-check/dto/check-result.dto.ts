import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PrizeDto } from '../../lotteries/dto/lottery.dto';

export class MatchCountDto {
  @ApiProperty({ example: 2 })
  main!: number;

  @ApiProperty({ example: 1 })
  special!: number;
}

export class WonDivisionDto {
  @ApiProperty({ example: 7, description: '1 is the top prize.' })
  rank!: number;

  @ApiProperty({ type: () => MatchCountDto, description: "How many of the ticket's numbers matched." })
  match!: MatchCountDto;

  @ApiProperty({ type: () => PrizeDto })
  prize!: PrizeDto;
}

export class DrawResultDto {
  @ApiProperty({ example: '2026-08-05', format: 'date' })
  date!: string;

  @ApiProperty({
    type: [Number],
    example: [11, 40],
    description: "The ticket's main numbers that were drawn.",
  })
  main!: number[];

  @ApiProperty({
    type: [Number],
    example: [7],
    description:
      "The ticket's numbers that match a drawn special: its own specials, or its main numbers where the specials " +
      'come from the main pool (a bonus ball).',
  })
  special!: number[];

  @ApiProperty({ type: () => WonDivisionDto, nullable: true, description: 'null when nothing was won.' })
  division!: WonDivisionDto | null;

  @ApiPropertyOptional({
    enum: [false],
    description:
      'Present (false) when the prize structure in force on this date is not known: division is null.',
  })
  prizesKnown?: false;
}

export class TicketResultDto {
  @ApiProperty({ type: [Number], example: [3, 11, 26, 40, 62] })
  main!: number[];

  @ApiPropertyOptional({ type: [Number], example: [7] })
  special?: number[];

  @ApiProperty({
    type: () => DrawResultDto,
    isArray: true,
    description:
      'One draw checked: one entry for it. Several: only the draws in which the ticket won a division, newest first.',
  })
  results!: DrawResultDto[];
}

export class CheckResultDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-08-05',
    description: 'The first draw checked.',
  })
  from!: string | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-08-05',
    description: 'The last draw checked.',
  })
  to!: string | null;

  @ApiProperty({ example: 1, description: 'How many draws were checked.' })
  draws!: number;

  @ApiPropertyOptional({
    example: 12,
    description:
      'Draws checked whose prize structure is not known (their wins cannot be listed); absent when 0.',
  })
  prizesUnknown?: number;

  @ApiProperty({ type: () => TicketResultDto, isArray: true })
  tickets!: TicketResultDto[];
}
