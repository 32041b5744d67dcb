import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { type DrawProvenance, upsertDrawBatch } from '../draws/draw-batch-writer';
import { prizeDivisionsOn, roundProblem, validateDrawNumbers } from '../lotteries/domain/lottery-rules';
import { scheduledDrawOn } from '../lotteries/domain/draw-schedule';
import { prizesProblem, type PrizesInput } from '../prizes/domain/prize-input';
import { upsertPrizesBatch } from '../prizes/prize-batch-writer';
import type { StoredDraw } from '../draws/domain/draw-view';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import type { FetchedDraw } from './adapters/source-adapter';
import type { RejectedRow } from './sync-result';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

export interface IngestCounts {
  inserted: number;
  unchanged: number;
  conflicts: number;
  corrected: number;
  /** Draws whose prizes were first stored or changed. */
  prizes: number;
  /** Rows dated before the lottery's first rules era: history the service does not keep (not faults). */
  ignored: number;
  rejected: RejectedRow[];
}

interface StoredRow {
  draw_date: string;
  round: number;
  main: number[];
  special: number[];
}

/** A fetched draw's round: 1 where the source names none (one draw per date). */
const roundOfFetched = (draw: FetchedDraw): number => draw.round ?? 1;

/** Draws are keyed by date and round (UK Lotto draws two rounds a night since 2026-06-10). */
const keyOf = (date: string, round: number): string => `${date}#${round}`;

/** "2026-06-10", or "2026-06-10 round 2" where the draw is not its date's first: for log lines. */
const nameOf = (date: string, round: number): string => (round > 1 ? `${date} round ${round}` : date);

/**
 * Writes fetched draws the way the admin import does (DrawImportService): in one transaction holding the share
 * lock on the lottery's rules, each draw checked against the era in force on its date and rejected whole if it
 * does not fit; then the catalog is rebuilt here, and on every instance by the change feed.
 * What differs from the import: a draw that differs from the stored one is recorded as a conflict (or written as
 * a correction when SYNC_ACCEPT_CORRECTIONS is on), never overwritten silently.
 */
@Injectable()
export class DrawIngestService {
  private readonly logger = new Logger('Sync');

  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * `deadline`: a sync now's request (the scheduler's and the command-line tool's syncs pass Deadline.NONE). Once
   * it is given up (408, 503), nothing of the sync is committed.
   */
  async ingest(
    tag: string,
    fetched: FetchedDraw[],
    provenance: DrawProvenance,
    deadline: Deadline = Deadline.NONE,
  ): Promise<IngestCounts> {
    const acceptCorrections = this.settings.sync.acceptCorrections;
    const corrections: { draw: FetchedDraw; from: StoredRow }[] = [];
    const counts = await transactionWithin(this.dataSource, deadline, async (manager) => {
      const rules = await lockLotteryRules(manager, tag, 'share');
      const rejected: RejectedRow[] = [];
      const valid: FetchedDraw[] = [];
      const seen = new Set<string>();
      // A source may hold more history than the lottery keeps (Texas's Mega Millions file goes back to 2003, the
      // history here starts in 2010): those rows are not faults of the source, so they are not listed as rejected.
      const firstEra = rules.reduce<string | null>(
        (min, era) => (min === null || era.from < min ? era.from : min),
        null,
      );
      const kept = fetched.filter((draw) => firstEra === null || draw.date >= firstEra);
      for (const draw of kept) {
        const round = roundOfFetched(draw);
        const key = keyOf(draw.date, round);
        const problem = seen.has(key)
          ? `the answer holds ${round > 1 ? `round ${round} of ` : ''}this date twice`
          : (roundProblem(rules, draw.date, round, 'row') ??
            validateDrawNumbers(rules, draw.date, draw.main, draw.special));
        seen.add(key);
        if (problem === null) valid.push(draw);
        else rejected.push({ row: draw.row, date: draw.date, message: problem });
      }

      const stored = await storedDraws(
        manager,
        tag,
        valid.map((d) => d.date),
      );
      const fresh: FetchedDraw[] = [];
      const differing: { draw: FetchedDraw; current: StoredRow }[] = [];
      let unchanged = 0;
      const schedule = this.catalog.has(tag) ? this.catalog.snapshot(tag).record.schedule : null;
      const offSchedule = new Set<FetchedDraw>();
      for (const draw of valid) {
        const current = stored.get(keyOf(draw.date, roundOfFetched(draw)));
        // A new draw on a day the calendar has no draw is a publisher's slip (FDJ dates its 2022-08-19
        // EuroMillions draw 18/08/2022): refused, named; a real special draw is added by an administrator.
        if (
          current === undefined &&
          schedule !== null &&
          scheduledDrawOn(schedule, draw.date) === undefined
        ) {
          offSchedule.add(draw);
          rejected.push({ row: draw.row, date: draw.date, message: offScheduleMessage(tag, draw.date) });
        } else if (current === undefined) fresh.push(draw);
        else if (sameNumbers(current, draw)) unchanged += 1;
        else differing.push({ draw, current });
      }
      const written = await upsertDrawBatch(
        manager,
        tag,
        [...fresh, ...(acceptCorrections ? differing.map((d) => d.draw) : [])].map(toStored),
        provenance,
        rules,
      );
      // Between the writes: nobody waits for the rest once the request is given up.
      deadline.throwIfGivenUp();

      // What the draws paid, where the source publishes it: for the draws now stored with the fetched numbers
      // (not for one whose numbers wait for a decision), each checked against the prize structure of its date.
      const settled = valid.filter(
        (draw) => !offSchedule.has(draw) && (acceptCorrections || !differing.some((d) => d.draw === draw)),
      );
      const prizes: PrizesInput[] = [];
      for (const draw of settled) {
        if (!draw.prizes) continue;
        const round = roundOfFetched(draw);
        const input: PrizesInput = {
          date: draw.date,
          ...(round > 1 ? { round } : {}),
          currency: draw.prizes.currency,
          jackpot: jackpotOf(draw.prizes),
          divisions: draw.prizes.divisions,
          next: null,
          source: provenance.source,
        };
        const problem = prizesProblem(input, prizeDivisionsOn(rules, draw.date));
        if (problem === null) prizes.push(input);
        else rejected.push({ row: draw.row, date: draw.date, message: `prizes not stored: ${problem}` });
      }
      const prizesWritten = (await upsertPrizesBatch(manager, tag, prizes, rules)).written;
      deadline.throwIfGivenUp();

      let conflicts = 0;
      for (const { draw, current } of differing) {
        if (acceptCorrections) {
          await recordConflict(manager, tag, draw, current, provenance, 'corrected');
          corrections.push({ draw, from: current });
        } else if (!(await alreadyKnown(manager, tag, draw))) {
          await recordConflict(manager, tag, draw, current, provenance, 'open');
          conflicts += 1;
        }
      }
      return {
        inserted: written.inserted,
        unchanged,
        conflicts,
        corrected: acceptCorrections ? differing.length : 0,
        prizes: prizesWritten,
        ignored: fetched.length - kept.length,
        rejected: rejected.sort((a, b) => a.row - b.row),
      };
    });
    if (counts.inserted + counts.corrected + counts.prizes > 0)
      await this.changes.publish({ type: 'lottery.changed', tag });
    for (const { draw, from } of corrections) {
      this.logger.warn(
        `Correction of ${tag} ${nameOf(draw.date, roundOfFetched(draw))} from ${provenance.source}: ` +
          `${show(from.main, from.special)} replaced by ${show(draw.main, draw.special)}`,
      );
    }
    return counts;
  }
}

/**
 * The jackpot as far as the source tells: its pool where published (else what the one top winner was paid: the
 * whole pool, as the bundled FDJ prizes read it), won when rank 1 had winners.
 */
function jackpotOf(prizes: NonNullable<FetchedDraw['prizes']>): PrizesInput['jackpot'] {
  const top = prizes.divisions.find((d) => d.rank === 1);
  const topWinners = top?.winners ?? null;
  const amountMinor = prizes.jackpotMinor ?? (topWinners === 1 ? (top?.amountMinor ?? null) : null);
  if (amountMinor === null && topWinners === null) return null;
  return { amountMinor, won: topWinners === null ? null : topWinners > 0, rollovers: null };
}

function offScheduleMessage(tag: string, date: string): string {
  const weekday = DateTime.fromISO(date).toFormat('cccc');
  return (
    `no draw is scheduled on ${date} (a ${weekday}) in the lottery's calendar; a special draw is added by an ` +
    `administrator (PUT /admin/lotteries/${tag}/draws/${date})`
  );
}

/** The stored draws of these dates, every round, by date and round. */
async function storedDraws(
  manager: EntityManager,
  tag: string,
  dates: string[],
): Promise<Map<string, StoredRow>> {
  if (dates.length === 0) return new Map();
  const rows = await manager.query<StoredRow[]>(
    `SELECT draw_date, round, main, special FROM draws WHERE lottery_tag = $1 AND draw_date = ANY($2::date[])`,
    [tag, [...new Set(dates)]],
  );
  return new Map(rows.map((row) => [keyOf(row.draw_date, row.round), row]));
}

/** The same fetched numbers already wait for a decision, or were rejected: polling again says nothing new. */
async function alreadyKnown(manager: EntityManager, tag: string, draw: FetchedDraw): Promise<boolean> {
  const rows = await manager.query(
    `SELECT 1 FROM draw_conflicts
     WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3 AND fetched_main = $4::smallint[]
       AND fetched_special = $5::smallint[] AND status IN ('open', 'rejected')
     LIMIT 1`,
    [tag, draw.date, roundOfFetched(draw), draw.main, draw.special],
  );
  return rows.length > 0;
}

async function recordConflict(
  manager: EntityManager,
  tag: string,
  draw: FetchedDraw,
  current: StoredRow,
  provenance: DrawProvenance,
  status: 'open' | 'corrected',
): Promise<void> {
  await manager.query(
    `INSERT INTO draw_conflicts (lottery_tag, draw_date, round, stored_main, stored_special, fetched_main,
       fetched_special, source, fetched_at, status, resolved_at)
     VALUES ($1, $2, $3, $4::smallint[], $5::smallint[], $6::smallint[], $7::smallint[], $8, $9, $10, $11)`,
    [
      tag,
      draw.date,
      roundOfFetched(draw),
      current.main,
      current.special,
      draw.main,
      draw.special,
      provenance.source,
      provenance.fetchedAt,
      status,
      status === 'open' ? null : new Date(),
    ],
  );
}

/**
 * The same numbers in another order are the same draw: sources differ in whether they publish the draw order, and
 * a sorted copy must not raise a conflict against a stored draw order (the stored order is kept).
 */
function sameNumbers(stored: StoredRow, draw: FetchedDraw): boolean {
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  const same = (a: number[], b: number[]) =>
    a.length === b.length && sorted(a).every((v, i) => v === sorted(b)[i]);
  return same(stored.main, draw.main) && same(stored.special, draw.special);
}

function toStored(draw: FetchedDraw): StoredDraw {
  return { date: draw.date, round: roundOfFetched(draw), main: draw.main, special: draw.special };
}

function show(main: number[], special: number[]): string {
  return special.length ? `${main.join(' ')} + ${special.join(' ')}` : main.join(' ');
}
