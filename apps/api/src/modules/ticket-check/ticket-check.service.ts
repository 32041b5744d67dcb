import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { divisionFor, type PrizeDivision } from '../lotteries/domain/prize-structure';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { LotterySnapshot } from '../catalog/lottery-snapshot';
import { DrawIndex, lineBits, type LineBits } from './draw-index';
import { MAX_TICKET_DRAWS, type CheckRequestDto } from './dto/check-request.dto';
import type { CheckResultDto, DrawResultDto, TicketResultDto } from './dto/check-result.dto';
import { checkTicketAgainst, readTickets, type Ticket } from './ticket';

/**
 * "Did my numbers win?" (contract section 9), answered from the in-memory read model: the lottery's draws as bit
 * sets (DrawIndex, built once per snapshot), and the prize structures of its rule eras.
 */
@Injectable()
export class TicketCheckService {
  /** Per snapshot: a write replaces the snapshot, and with it the index. */
  private readonly indexes = new WeakMap<LotterySnapshot, DrawIndex>();

  constructor(private readonly catalog: LotteryCatalog) {}

  check(tag: string, body: CheckRequestDto): CheckResultDto {
    // The body's own problems first (400), then the lottery (404), the draws (404), the rules of their eras (400).
    if (body.date !== undefined && (body.from !== undefined || body.to !== undefined))
      throw ApiError.badRequest(Messages.checkDateAndRange);
    if (body.from !== undefined && body.to !== undefined && body.from > body.to)
      throw ApiError.badRequest(Messages.fromAfterTo);
    const tickets = readTickets(body.tickets);
    const snapshot = this.catalog.snapshot(tag);
    const [start, end] = this.drawsToCheck(snapshot, body);
    // One unit of quota buys a bounded amount of work, and a bounded answer (contract section 9).
    if (tickets.length * (end - start) > MAX_TICKET_DRAWS) throw ApiError.badRequest(Messages.checkTooLarge);
    const index = this.indexOf(snapshot);

    const eras = new Set<number>();
    for (let i = start; i < end; i++) eras.add(index.eraOf[i]);
    for (const [n, ticket] of tickets.entries())
      for (const era of eras) checkTicketAgainst(ticket, n, index.rules[era], tag);

    const draws = snapshot.allDraws;
    let prizesUnknown = 0;
    for (let i = start; i < end; i++) if (!index.divisions[i]) prizesUnknown += 1;
    return {
      lottery: tag,
      from: end > start ? draws[end - 1].date : null,
      to: end > start ? draws[start].date : null,
      draws: end - start,
      ...(prizesUnknown > 0 ? { prizesUnknown } : {}),
      tickets: tickets.map((ticket) => this.checkTicket(index, ticket, start, end)),
    };
  }

  private checkTicket(index: DrawIndex, ticket: Ticket, start: number, end: number): TicketResultDto {
    const line = lineBits(ticket.main, ticket.special ?? []);
    const results: DrawResultDto[] = [];
    if (end - start === 1) {
      results.push(this.resultOf(index, start, line));
    } else {
      for (let i = start; i < end; i++) {
        const divisions = index.divisions[i];
        if (divisions && winsIn(divisions, index.packedCounts(i, line)))
          results.push(this.resultOf(index, i, line));
      }
    }
    return {
      main: ticket.main,
      ...(ticket.special !== null && ticket.special.length > 0 ? { special: ticket.special } : {}),
      results,
    };
  }

  private resultOf(index: DrawIndex, i: number, line: LineBits): DrawResultDto {
    const draw = index.draws[i];
    const ownSpecials = index.specialsChosen(i);
    const drawnMain = new Set(draw.main);
    const drawnSpecials = new Set(index.countedSpecials(i));
    const counts = index.matchCounts(i, line);
    const divisions = index.divisions[i];
    const division = divisions ? divisionFor(divisions, counts.main, counts.special) : null;
    return {
      date: draw.date,
      main: sorted(line.main.filter((value) => drawnMain.has(value))),
      special: sorted((ownSpecials ? line.special : line.main).filter((value) => drawnSpecials.has(value))),
      division: division && {
        rank: division.rank,
        match: { main: counts.main, special: counts.special },
        prize: { ...division.prize },
      },
      ...(divisions ? {} : { prizesKnown: false as const }),
    };
  }

  /** [start, end) of the draws to check, newest first: one date, a range, or the latest draw. */
  private drawsToCheck(snapshot: LotterySnapshot, body: CheckRequestDto): [number, number] {
    if (body.date !== undefined) {
      const at = snapshot.indexOf(body.date);
      if (at === undefined) throw ApiError.notFound(Messages.drawNotFound);
      return [at, at + 1];
    }
    if (body.from !== undefined || body.to !== undefined) return snapshot.range(body.from, body.to);
    if (snapshot.drawCount === 0) throw ApiError.notFound(Messages.drawNotFound);
    return [0, 1];
  }

  private indexOf(snapshot: LotterySnapshot): DrawIndex {
    let index = this.indexes.get(snapshot);
    if (!index) {
      index = new DrawIndex(snapshot.allDraws, snapshot.record.rules);
      this.indexes.set(snapshot, index);
    }
    return index;
  }
}

/**
 * Whether packed counts (`main << 8 | special`) win a division of `divisions`: a table per prize structure, built
 * on first use, answers it without walking the divisions.
 */
const winningTables = new WeakMap<readonly PrizeDivision[], Map<number, boolean>>();
function winsIn(divisions: readonly PrizeDivision[], packed: number): boolean {
  let table = winningTables.get(divisions);
  if (!table) winningTables.set(divisions, (table = new Map()));
  let wins = table.get(packed);
  if (wins === undefined) {
    wins = divisionFor(divisions, packed >>> 8, packed & 0xff) !== null;
    table.set(packed, wins);
  }
  return wins;
}

function sorted(values: number[]): number[] {
  return values.sort((a, b) => a - b);
}
