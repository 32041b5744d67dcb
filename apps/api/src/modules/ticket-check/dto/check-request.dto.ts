import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { IsIsoDate, IsNotBeforeEarliestDrawDate } from '../../draws/dto/draw-date.validators';
import { ROUND_MESSAGE } from '../../draws/dto/draw-query.dto';
import { MAX_ROUNDS } from '../../lotteries/domain/lottery-rules';

export const MAX_TICKETS = 100;
/** Tickets × draws one request may check (contract section 9): one line over a whole history, 100 over 100 draws. */
export const MAX_TICKET_DRAWS = 10_000;

export class TicketDto {
  @ApiProperty({ type: [Number], example: [3, 11, 26, 40, 62], description: 'The main numbers played.' })
  main!: number[];

  @ApiPropertyOptional({
    type: [Number],
    example: [7],
    description:
      "The specials chosen on the ticket, for lotteries whose special group has `pool: 'own'` (Powerball, Lucky " +
      'Stars, Superzahl…). Omit it where the specials come from the main pool (bonus balls, supplementaries).',
  })
  special?: number[];
}

function CheckDate(field: 'date' | 'from' | 'to', description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', example: '2026-08-05', description }),
    IsOptional(),
    IsIsoDate({ message: Messages.invalidField(field, "'YYYY-MM-DD' format") }),
    IsNotBeforeEarliestDrawDate({ message: Messages.drawDateTooEarly }),
  );
}

/** Shapes only; each ticket is checked against the lottery's rules once the draws are known. */
export class CheckRequestDto {
  @ApiProperty({ type: () => TicketDto, isArray: true, minItems: 1, maxItems: MAX_TICKETS })
  @IsArray({ message: Messages.ticketsInvalid })
  @ArrayMinSize(1, { message: Messages.ticketsInvalid })
  @ArrayMaxSize(MAX_TICKETS, { message: Messages.ticketsInvalid })
  tickets!: unknown[];

  @CheckDate(
    'date',
    'The draws of one date to check (every round of it; 404 when there is none). Not with from/to.',
  )
  date?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: MAX_ROUNDS,
    example: 2,
    description:
      'With `date` only (else a 400): check that round of the date alone, where the lottery draws several rounds ' +
      'on one date (UK Lotto since 2026-06-10). A round that was not drawn is a 404.',
  })
  @IsOptional()
  // As `?round=N` of the draw routes (contract section 10), a JSON integer here. Bottom-up: the type check last.
  @Max(MAX_ROUNDS, { message: ROUND_MESSAGE })
  @Min(1, { message: ROUND_MESSAGE })
  @IsInt({ message: ROUND_MESSAGE })
  round?: number;

  @CheckDate('from', 'First day of a range of draws to check (inclusive; default: the first draw).')
  from?: string;

  @CheckDate('to', 'Last day of a range of draws to check (inclusive; default: the latest draw).')
  to?: string;
}
