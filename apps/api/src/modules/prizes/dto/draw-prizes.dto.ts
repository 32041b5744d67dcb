import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Winners in one region (EuroMillions: each country). */
export class RegionWinnersDto {
  @ApiProperty({ example: 'FR', description: 'ISO 3166 country code.' })
  region!: string;

  @ApiProperty({ example: 1 })
  winners!: number;
}

/** What a line matched to win a division. */
export class DivisionMatchDto {
  @ApiProperty({ example: 5 })
  main!: number;

  @ApiProperty({ example: 1 })
  special!: number;
}

/** One division of a draw's prize table. */
export class DivisionPrizeDto {
  @ApiProperty({ example: 2, description: '1 for the top prize.' })
  rank!: number;

  @ApiProperty({
    type: () => DivisionMatchDto,
    nullable: true,
    description: "From the era's prize structure (`rules[].prizes`); null where that structure is not known.",
  })
  match!: DivisionMatchDto | null;

  @ApiProperty({ example: 4, nullable: true, type: Number, description: 'Winning lines in every region.' })
  winners!: number | null;

  @ApiProperty({
    example: 453217.1,
    nullable: true,
    type: Number,
    description:
      "What one winning line was paid, in `currency`'s major unit, exact to its minor unit; null where nobody " +
      'won and the division paid nothing, or where the source does not publish it.',
  })
  amount!: number | null;

  @ApiPropertyOptional({ type: () => RegionWinnersDto, isArray: true, description: 'Where published.' })
  regions?: RegionWinnersDto[];
}

export class JackpotDto {
  @ApiProperty({ example: 97000000, nullable: true, type: Number, description: "The top division's pool." })
  amount!: number | null;

  @ApiProperty({ example: false, nullable: true, type: Boolean })
  won!: boolean | null;

  @ApiProperty({
    example: 3,
    nullable: true,
    type: Number,
    description: 'Consecutive draws without a top winner before this one.',
  })
  rollovers!: number | null;
}

export class NextJackpotDto {
  @ApiProperty({ example: '2025-03-25', nullable: true, type: String, format: 'date' })
  date!: string | null;

  @ApiProperty({ example: 111000000, nullable: true, type: Number, description: 'As advertised.' })
  estimatedJackpot!: number | null;
}

/** What one draw paid (contract section 10). Facts a source does not publish are null, never invented. */
export class DrawPrizesDto {
  @ApiProperty({ example: 'eu_euromillions' })
  lottery!: string;

  @ApiProperty({ example: '2025-03-21', format: 'date' })
  date!: string;

  @ApiPropertyOptional({ example: 2, description: 'Only on draws of eras with more than one round.' })
  round?: number;

  @ApiProperty({ example: 'EUR', description: 'ISO 4217.' })
  currency!: string;

  @ApiProperty({ type: () => JackpotDto, nullable: true })
  jackpot!: JackpotDto | null;

  @ApiProperty({ type: () => DivisionPrizeDto, isArray: true, description: 'Ascending by rank.' })
  divisions!: DivisionPrizeDto[];

  @ApiProperty({
    type: () => NextJackpotDto,
    nullable: true,
    description: "The next draw's advertised estimate.",
  })
  next!: NextJackpotDto | null;

  @ApiProperty({
    example: 'Lifegrid/LotoPredictor@311079fe:data/euromillions_202002.csv#1',
    description: 'Where the facts come from.',
  })
  source!: string;

  @ApiProperty({ example: '2025-03-22T06:10:00Z', format: 'date-time' })
  updatedAt!: string;
}

/** One division as an administrator writes it. */
export class PutDivisionPrizeDto {
  @ApiProperty({ example: 2 })
  rank!: number;

  @ApiProperty({ example: 4, nullable: true, type: Number })
  winners!: number | null;

  @ApiProperty({ example: 453217.1, nullable: true, type: Number })
  amount!: number | null;

  @ApiPropertyOptional({ type: () => RegionWinnersDto, isArray: true, nullable: true })
  regions?: RegionWinnersDto[] | null;
}

/** The body of `PUT …/draws/{date}/prizes`: the answer's shape (`lottery`, `date`, `match`… are ignored). */
export class PutDrawPrizesDto {
  @ApiProperty({ example: 'EUR' })
  currency!: string;

  @ApiProperty({
    type: () => PutDivisionPrizeDto,
    isArray: true,
    description: "Ascending by rank, each a rank of the prize structure in force on the draw's date.",
  })
  divisions!: PutDivisionPrizeDto[];

  @ApiPropertyOptional({ type: () => JackpotDto, nullable: true })
  jackpot?: JackpotDto | null;

  @ApiPropertyOptional({ type: () => NextJackpotDto, nullable: true })
  next?: NextJackpotDto | null;

  @ApiPropertyOptional({ example: 'FDJ results page, 2025-03-22', description: "Default 'admin'." })
  source?: string;
}
