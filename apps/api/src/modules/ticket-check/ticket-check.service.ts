import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { divisionFor, type PrizeDivision } from '../lotteries/domain/prize-structure';
import { roundsOn } from '../lotteries/domain/lottery-rules';
import { fromMajor, toMajor } from '../prizes/domain/draw-prizes';
import { roundOf } from '../draws/domain/draw-view';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { LotterySnapshot } from '../catalog/lottery-snapshot';
import { DrawIndex, lineBits, type LineBits } from './draw-index';
import { MAX_TICKET_DRAWS, type CheckRequestDto } from './dto/check-request.dto';
import type { CheckResultDto, DrawResultDto, TicketResultDto } from './dto/check-result.dto';
import { readTickets, ticketProblem, ticketsAtFault, type Ticket } from './ticket';

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
    // The body's own problems first (400), then the lottery (404), the draws (404), the work bound and the rules of
    // their eras (400).
    if (body.date !== undefined && (body.from !== undefined || body.to !== undefined))
      throw ApiError.badRequest(Messages.checkDateAndRange);
    if (body.from !== undefined && body.to !== undefined && body.from > body.to)
      throw ApiError.badRequest(Messages.fromAfterTo);
    // A round is one draw of a date (contract section 10): only beside `date`.
    if (body.round !== undefined && body.date === undefined)
      throw ApiError.badRequest(Messages.checkRoundWithoutDate);
    // The shape of the answer follows the question, never the number of draws found (contract section 9).
    const range = body.from !== undefined || body.to !== undefined;
    const tickets = readTickets(body.tickets);
    const snapshot = this.catalog.snapshot(tag);
    const [start, end] = this.drawsToCheck(snapshot, body);
    // One unit of quota buys a bounded amount of work, and a bounded answer (contract section 9).
    if (tickets.length * (end - start) > MAX_TICKET_DRAWS) throw ApiError.badRequest(Messages.checkTooLarge);
    const index = this.indexOf(snapshot);
    // Each ticket against the eras of the draws: a 400 naming every ticket that fits none of them.
    const fits = ticketFits(index, tickets, start, end, tag);

    const draws = snapshot.allDraws;
    let prizesUnknown = 0;
    for (let i = start; i < end; i++) if (!index.divisions[i]) prizesUnknown += 1;
    return {
      lottery: tag,
      from: end > start ? draws[end - 1].date : null,
      to: end > start ? draws[start].date : null,
      draws: end - start,
      ...(prizesUnknown > 0 ? { prizesUnknown } : {}),
      tickets: tickets.map((ticket, n) =>
        this.checkTicket(snapshot, index, ticket, fits[n], start, end, range),
      ),
    };
  }

  private checkTicket(
    snapshot: LotterySnapshot,
    index: DrawIndex,
    ticket: Ticket,
    fit: TicketFit,
    start: number,
    end: number,
    range: boolean,
  ): TicketResultDto {
    const line = lineBits(ticket.main, ticket.special ?? []);
    const results: DrawResultDto[] = [];
    const fits = fit.eras;
    for (let i = start; i < end; i++) {
      // A draw of an era the ticket does not fit is skipped (counted in fit.skipped): one lookup. The draws of one
      // date share their era, which the ticket fits (else it fitted no checked era, a 400).
      if (fits[index.eraOf[i] + 1] === 0) continue;
      if (!range) {
        // One date: an entry for each of its draws (every round, newest first), division null when nothing won.
        results.push(this.resultOf(snapshot, index, i, line));
        continue;
      }
      // A range: only the draws in which the ticket won a division.
      const divisions = index.divisions[i];
      if (divisions && winsIn(divisions, index.packedCounts(i, line)))
        results.push(this.resultOf(snapshot, index, i, line));
    }
    return {
      main: ticket.main,
      ...(ticket.special !== null && ticket.special.length > 0 ? { special: ticket.special } : {}),
      ...(fit.skipped > 0 ? { skipped: fit.skipped } : {}),
      // A range always carries its sums (contract section 10), also over one draw or none.
      ...(range ? sumWins(results) : {}),
      results,
    };
  }

  private resultOf(snapshot: LotterySnapshot, index: DrawIndex, i: number, line: LineBits): DrawResultDto {
    const draw = index.draws[i];
    const ownSpecials = index.specialsChosen(i);
    const drawnMain = new Set(draw.main);
    const drawnSpecials = new Set(index.countedSpecials(i));
    const counts = index.matchCounts(i, line);
    const divisions = index.divisions[i];
    const division = divisions ? divisionFor(divisions, counts.main, counts.special) : null;
    const paid = division ? paidFor(snapshot, i, division.rank) : undefined;
    return {
      date: draw.date,
      ...(roundsOn(index.rules, draw.date) > 1 ? { round: roundOf(draw) } : {}),
      main: sorted(line.main.filter((value) => drawnMain.has(value))),
      special: sorted((ownSpecials ? line.special : line.main).filter((value) => drawnSpecials.has(value))),
      division: division && {
        rank: division.rank,
        match: { main: counts.main, special: counts.special },
        prize: { ...division.prize },
        ...(paid ? { paid } : {}),
      },
      ...(divisions ? {} : { prizesKnown: false as const }),
    };
  }

  /**
   * [start, end) of the draws to check, newest first: every round of one date (or the one `round` of it), a range,
   * or every round of the latest draw date.
   */
  private drawsToCheck(snapshot: LotterySnapshot, body: CheckRequestDto): [number, number] {
    if (body.from !== undefined || body.to !== undefined) return snapshot.range(body.from, body.to);
    if (snapshot.drawCount === 0) throw ApiError.notFound(Messages.drawNotFound);
    const date = body.date ?? snapshot.allDraws[0].date;
    if (body.round !== undefined) {
      // As `GET …/draw/{date}?round=N`: a round that was not drawn is a 404.
      const i = snapshot.indexOf(date, body.round);
      if (i === undefined) throw ApiError.notFound(Messages.drawNotFound);
      return [i, i + 1];
    }
    const [first, last] = snapshot.range(date, date);
    if (first === last) throw ApiError.notFound(Messages.drawNotFound);
    return [first, last];
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

/** Which eras a ticket fits, and how many of the checked draws it skips for it. */
export interface TicketFit {
  /** Per era, shifted by one (`eraOf[i] + 1`): 1 where the ticket fits it. Slot 0, a draw outside every era: 1. */
  eras: Uint8Array;
  /** The checked draws of eras the ticket does not fit. */
  skipped: number;
}

/**
 * Each ticket against the rules of the eras the draws [start, end) fall in, once per era (eras are few), so that
 * the loop over the draws skips a draw with one lookup (contract section 9). A ticket that fits none of them is at
 * fault: one 400 names every ticket at fault, each by its problem under the newest of those eras.
 */
export function ticketFits(
  index: DrawIndex,
  tickets: readonly Ticket[],
  start: number,
  end: number,
  tag: string,
): TicketFit[] {
  const slots = index.rules.length + 1;
  const drawsIn = new Int32Array(slots);
  /** The eras the draws fall in, newest first (draws are newest first). */
  const eras: number[] = [];
  for (let i = start; i < end; i++) {
    const era = index.eraOf[i];
    if (drawsIn[era + 1]++ === 0 && era >= 0) eras.push(era);
  }
  const problems: string[] = [];
  const fits = tickets.map((ticket, n): TicketFit => {
    const fit = new Uint8Array(slots);
    fit[0] = 1;
    let skipped = 0;
    let firstProblem: string | null = null;
    for (const era of eras) {
      const problem = ticketProblem(ticket, n, index.rules[era], tag);
      if (problem === null) fit[era + 1] = 1;
      else {
        firstProblem ??= problem;
        skipped += drawsIn[era + 1];
      }
    }
    // At fault when every draw checked is of an era it does not fit (an empty range: nothing to fit).
    if (firstProblem !== null && skipped === end - start) problems.push(firstProblem);
    return { eras: fit, skipped };
  });
  if (problems.length > 0) throw ticketsAtFault(problems);
  return fits;
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

/** What the draw's stored prizes say one line of division `rank` was paid; undefined where that is not known. */
function paidFor(
  snapshot: LotterySnapshot,
  i: number,
  rank: number,
): { amount: number; currency: string; winners: number | null } | undefined {
  const prizes = snapshot.prizesAt(i);
  const division = prizes?.divisions.find((d) => d.rank === rank);
  if (!prizes || !division || division.amountMinor === null) return undefined;
  return {
    amount: toMajor(division.amountMinor, prizes.currency)!,
    currency: prizes.currency,
    winners: division.winners,
  };
}

/**
 * A range's sums (contract section 10): per currency, what was paid where known, else a fixed prize's amount; the
 * other wins (shared prizes without a stored payout, jackpots) are counted as unknown. Summed in minor units.
 */
function sumWins(results: DrawResultDto[]): {
  won: { currency: string; amount: number }[];
  amountsUnknown: number;
} {
  const minorByCurrency = new Map<string, number>();
  let amountsUnknown = 0;
  for (const { division } of results) {
    if (!division || division.prize.type === 'free-play') continue;
    const known = division.paid ?? (division.prize.type === 'fixed' ? division.prize : undefined);
    const minor =
      known?.amount !== undefined && known.currency ? fromMajor(known.amount, known.currency) : null;
    if (minor === null || !known?.currency) {
      amountsUnknown += 1;
      continue;
    }
    minorByCurrency.set(known.currency, (minorByCurrency.get(known.currency) ?? 0) + minor);
  }
  const won = [...minorByCurrency].map(([currency, minor]) => ({
    currency,
    amount: toMajor(minor, currency)!,
  }));
  return { won, amountsUnknown };
}

function sorted(values: number[]): number[] {
  return values.sort((a, b) => a - b);
}
