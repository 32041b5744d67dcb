import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import type { DrawProvenance } from '../draws/draw-batch-writer';
import { type DrawSchedule, scheduledDrawOn } from '../lotteries/domain/draw-schedule';
import type { PrizesInput } from '../prizes/domain/prize-input';
import { roundOf, type StoredDraw } from '../draws/domain/draw-view';
import type { DrawToWrite, Rejection } from '../draws/domain/draw-problems';
import { type Selection, writeDraws } from '../draws/write-draws.usecase';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { FetchedDraw } from './adapters/source-adapter';
import type { RejectedRow } from './sync-result';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { Deadline } from '../../common/deadline';

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

/** A fetched draw as the sync writes it; `row` is its 1-based place in the source's answer (for reports). */
interface SourceDraw extends DrawToWrite {
  row: number;
}

/** Draws are keyed by date and round (UK Lotto draws two rounds a night since 2026-06-10). */
const keyOf = (date: string, round: number): string => `${date}#${round}`;

/** "2026-06-10", or "2026-06-10 round 2" where the draw is not its date's first: for log lines. */
const nameOf = (date: string, round: number): string => (round > 1 ? `${date} round ${round}` : date);

/**
 * Writes fetched draws through writeDraws, as the admin import does: in one transaction holding the share lock on
 * the lottery's rules, each draw checked against the era in force on its date and rejected whole if it does not
 * fit; then the catalog is rebuilt here, and on every instance by the change feed.
 * What differs from the import (ConflictPolicy): a draw that differs from the stored one is recorded as a conflict
 * (or written as a correction when SYNC_ACCEPT_CORRECTIONS is on), never overwritten silently.
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
    const policy = new ConflictPolicy(tag, this.settings.sync.acceptCorrections, provenance, () =>
      this.catalog.has(tag) ? this.catalog.snapshot(tag).record.schedule : null,
    );
    const written = await writeDraws(
      { dataSource: this.dataSource, changes: this.changes },
      tag,
      fetched.map((draw) => toWritten(draw, provenance)),
      {
        origin: 'source',
        provenance,
        invalid: 'report',
        publish: 'on-change',
        select: (manager, valid) => policy.select(manager, valid),
      },
      deadline,
    );
    for (const { draw, from } of policy.corrections) {
      this.logger.warn(
        `Correction of ${tag} ${nameOf(draw.date, roundOf(draw))} from ${provenance.source}: ` +
          `${show(from.main, from.special)} replaced by ${show(draw.main, draw.special)}`,
      );
    }
    return {
      inserted: written.inserted,
      unchanged: policy.unchanged,
      conflicts: policy.conflicts,
      corrected: policy.corrections.length,
      prizes: written.prizes,
      ignored: written.ignored,
      rejected: written.rejected
        .map(({ draw, message }) => ({ row: draw.row, date: draw.date, message }))
        .sort((a, b) => a.row - b.row),
    };
  }
}

/**
 * What a sync does with the fetched draws that fit the rules, against those stored: a new one is written, unless
 * the calendar has no draw on its date; the same numbers (in any order) are left as they are; different numbers
 * are a conflict waiting for an administrator, or a correction written at once when SYNC_ACCEPT_CORRECTIONS is
 * on. One instance per sync: it keeps the counts the sync reports.
 */
class ConflictPolicy {
  unchanged = 0;
  conflicts = 0;
  readonly corrections: { draw: SourceDraw; from: StoredRow }[] = [];

  constructor(
    private readonly tag: string,
    private readonly acceptCorrections: boolean,
    private readonly provenance: DrawProvenance,
    /** The lottery's calendar, where the catalog knows the lottery (read under the rules' lock). */
    private readonly scheduleOf: () => DrawSchedule | null,
  ) {}

  async select(manager: EntityManager, valid: SourceDraw[]): Promise<Selection<SourceDraw>> {
    const stored = await storedDraws(
      manager,
      this.tag,
      valid.map((d) => d.date),
    );
    const fresh: SourceDraw[] = [];
    const differing: { draw: SourceDraw; current: StoredRow }[] = [];
    const rejected: Rejection<SourceDraw>[] = [];
    const settled: SourceDraw[] = [];
    const schedule = this.scheduleOf();
    for (const draw of valid) {
      const current = stored.get(keyOf(draw.date, roundOf(draw)));
      // A new draw on a day the calendar has no draw is a publisher's slip (FDJ dates its 2022-08-19
      // EuroMillions draw 18/08/2022): refused, named; a real special draw is added by an administrator.
      if (current === undefined && schedule !== null && scheduledDrawOn(schedule, draw.date) === undefined) {
        rejected.push({ draw, message: offScheduleMessage(this.tag, draw.date) });
        continue;
      }
      if (current === undefined) fresh.push(draw);
      else if (sameNumbers(current, draw)) this.unchanged += 1;
      else {
        differing.push({ draw, current });
        // What the draws paid is stored for the draws stored with the fetched numbers, not for one whose numbers
        // wait for a decision.
        if (!this.acceptCorrections) continue;
      }
      settled.push(draw);
    }
    for (const { draw, current } of differing) {
      if (this.acceptCorrections) {
        await recordConflict(manager, this.tag, draw, current, this.provenance, 'corrected');
        this.corrections.push({ draw, from: current });
      } else if (!(await alreadyKnown(manager, this.tag, draw))) {
        await recordConflict(manager, this.tag, draw, current, this.provenance, 'open');
        this.conflicts += 1;
      }
    }
    const corrected = this.acceptCorrections ? differing.map((d) => d.draw) : [];
    return { write: [...fresh, ...corrected], prizesOf: settled, rejected };
  }
}

/** A fetched draw as written: its round always named (1 where the source names none), its prizes as stored. */
function toWritten(draw: FetchedDraw, provenance: DrawProvenance): SourceDraw {
  const round = draw.round ?? 1;
  const written: SourceDraw = {
    row: draw.row,
    date: draw.date,
    round,
    main: draw.main,
    special: draw.special,
  };
  if (draw.prizes)
    written.prizes = {
      date: draw.date,
      ...(round > 1 ? { round } : {}),
      currency: draw.prizes.currency,
      jackpot: jackpotOf(draw.prizes),
      divisions: draw.prizes.divisions,
      next: null,
      source: provenance.source,
    };
  return written;
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
async function alreadyKnown(manager: EntityManager, tag: string, draw: StoredDraw): Promise<boolean> {
  const rows = await manager.query(
    `SELECT 1 FROM draw_conflicts
     WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3 AND fetched_main = $4::smallint[]
       AND fetched_special = $5::smallint[] AND status IN ('open', 'rejected')
     LIMIT 1`,
    [tag, draw.date, roundOf(draw), draw.main, draw.special],
  );
  return rows.length > 0;
}

async function recordConflict(
  manager: EntityManager,
  tag: string,
  draw: StoredDraw,
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
      roundOf(draw),
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
function sameNumbers(stored: StoredRow, draw: StoredDraw): boolean {
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  const same = (a: number[], b: number[]) =>
    a.length === b.length && sorted(a).every((v, i) => v === sorted(b)[i]);
  return same(stored.main, draw.main) && same(stored.special, draw.special);
}

function show(main: number[], special: number[]): string {
  return special.length ? `${main.join(' ')} + ${special.join(' ')}` : main.join(' ');
}
