import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PrizeDto } from '../../lotteries/dto/lottery.dto';

export class MatchCountDto {
  @ApiProperty({ example: 2 })
  main!: number;

  @ApiProperty({ example: 1 })
  special!: number;
}

/** What the draw's publication says one winning line of the division paid (contract section 10). */
export class PaidDto {
  @ApiProperty({ example: 453217.1, description: "In `currency`'s major unit, exact to its minor unit." })
  amount!: number;

  @ApiProperty({ example: 'EUR' })
  currency!: string;

  @ApiProperty({
    example: 4,
    nullable: true,
    type: Number,
    description: 'Winning lines of the division (all regions).',
  })
  winners!: number | null;
}

export class WonDivisionDto {
  @ApiProperty({ example: 7, description: '1 is the top prize.' })
  rank!: number;

  @ApiProperty({ type: () => MatchCountDto, description: "How many of the ticket's numbers matched." })
  match!: MatchCountDto;

  @ApiProperty({ type: () => PrizeDto })
  prize!: PrizeDto;

  @ApiPropertyOptional({
    type: () => PaidDto,
    description:
      "Where the draw's prizes are stored (`GET …/draw/{date}/prizes`): what one line of the division was paid, " +
      'without optional add-ons such as Power Play.',
  })
  paid?: PaidDto;
}

/** A sum of what a ticket won, in one currency. */
export class WonAmountDto {
  @ApiProperty({ example: 'EUR' })
  currency!: string;

  @ApiProperty({ example: 12.4 })
  amount!: number;
}

export class DrawResultDto {
  @ApiProperty({ example: '2026-08-05', format: 'date' })
  date!: string;

  @ApiPropertyOptional({ example: 2, description: 'Only on draws of eras with more than one round.' })
  round?: number;

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

  @ApiPropertyOptional({
    example: 1871,
    minimum: 1,
    description:
      'Draws checked that this ticket was not checked against: they fall in rule eras it does not fit (a current ' +
      'Powerball line over the whole history skips the draws before 2015-10-07, where 69 could not be drawn). ' +
      'Absent when 0. A ticket that fits none of the eras checked is a 400.',
  })
  skipped?: number;

  @ApiPropertyOptional({
    type: () => WonAmountDto,
    isArray: true,
    description:
      "A range (`from`/`to`) only, always there (also over one draw or none): what the ticket won, summed per currency (amounts paid where the draw's prizes " +
      'are stored, else the fixed prizes of the structure). Empty when nothing is known.',
  })
  won?: WonAmountDto[];

  @ApiPropertyOptional({
    example: 0,
    description:
      'A range (`from`/`to`) only, always there: the wins whose amount is not known (a shared prize whose payout is not stored). ' +
      'Free plays are counted in neither.',
  })
  amountsUnknown?: number;

  @ApiProperty({
    type: () => DrawResultDto,
    isArray: true,
    description:
      'Follows the request, never the number of draws found. A `date` (or neither `date` nor a range: the latest ' +
      'draw date): one entry for every draw of that date (each round, newest first), `division` null when nothing ' +
      'was won. A range (`from`/`to`): only the draws in which the ticket won a division, newest first.',
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
