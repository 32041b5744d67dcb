import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';
import type { ChangeFeed } from '../change-feed/change-feed.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import type { RuleEra } from '../lotteries/domain/lottery-rules';
import type { PrizesInput } from '../prizes/domain/prize-input';
import { upsertPrizesBatch } from '../prizes/prize-batch-writer';
import { batchesOf, type DrawProvenance, upsertDrawBatch, type UpsertCounts } from './draw-batch-writer';
import {
  type DrawOrigin,
  drawProblem,
  type DrawToWrite,
  prizesToStore,
  type Rejection,
  screenedRows,
} from './domain/draw-problems';

/** A source's conflict policy: which of the draws that fit the rules are written, and whose prizes are stored. */
export interface Selection<D> {
  write: D[];
  /** May name draws kept as stored (unchanged numbers): their prizes are still news. */
  prizesOf: D[];
  rejected: Rejection<D>[];
}

export type WriteProgress = (progress: { written: number; total: number }) => void;

export interface WriteDrawsOptions<D extends DrawToWrite> {
  origin: DrawOrigin;
  /** Stored with the written draws (ingested ones); null for administrators' writes and imports. */
  provenance: DrawProvenance | null;
  /** `throw`: the first draw that does not fit is the request's 400 (a single draw); `report`: it is listed. */
  invalid: 'throw' | 'report';
  /** `always`: the catalog is rebuilt even when nothing changed (a PUT reads its own write); else only on a change. */
  publish: 'always' | 'on-change';
  /** A preview: everything runs and is counted in the transaction, which is then rolled back; nothing is announced. */
  dryRun?: boolean;
  onProgress?: WriteProgress;
  /**
   * Decides, in the transaction and under the rules' lock, what becomes of the draws that fit the rules. Without it
   * all are written, batch by batch, each batch's prizes right after its draws; with it, the selected draws first,
   * then the prizes of `prizesOf` (the order of events the sync has always sent).
   */
  select?: (manager: EntityManager, valid: D[]) => Promise<Selection<D>>;
}

export interface DrawsWritten<D> extends UpsertCounts {
  /** Draws whose prizes were first stored or changed. */
  prizes: number;
  /** A source's rows dated before the lottery's first era: history the service does not keep (not faults). */
  ignored: number;
  /** In the order met; the caller sorts them as it reports them. */
  rejected: Rejection<D>[];
  /** The rules the draws were checked against (locked while they were written). */
  rules: RuleEra[];
}

/** Rows checked against the rules between two turns of the event loop (a few milliseconds' work). */
const ROWS_PER_TURN = 1000;

/** Ends a preview's transaction: what it counted is kept, what it wrote is rolled back. */
class PreviewRollback<D> extends Error {
  constructor(readonly result: DrawsWritten<D>) {
    super('preview: rolled back');
  }
}

/**
 * Writes draws of one lottery, the one implementation behind every write path (a PUT, a CSV import, a sync): in
 * one transaction bounded by the caller's deadline, under a share lock on the lottery's rules (they cannot change
 * between the checks and the writes), each draw checked against the era in force on its date, the draws and
 * their prizes upserted, subscribers' events queued in the same transaction (the outbox), and the catalog rebuilt
 * on every instance once it committed. A request given up on (408, 503) writes nothing: the writes stop between
 * batches and the transaction is cut.
 */
export async function writeDraws<D extends DrawToWrite>(
  ports: { dataSource: DataSource; changes: Pick<ChangeFeed, 'publish'> },
  tag: string,
  draws: D[],
  options: WriteDrawsOptions<D>,
  deadline: Deadline,
): Promise<DrawsWritten<D>> {
  const written = await transactionWithin(ports.dataSource, deadline, async (manager) => {
    const rules = await lockLotteryRules(manager, tag, 'share');
    const { kept, ignored, twice } = screenedRows(rules, draws, options.origin);
    const rejected: Rejection<D>[] = [...twice];
    const valid: D[] = [];
    for (const [i, draw] of kept.entries()) {
      const problem = drawProblem(rules, draw, options.origin);
      if (problem === null) valid.push(draw);
      else if (options.invalid === 'throw') throw ApiError.badRequest(problem);
      else rejected.push({ draw, message: problem });
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
        // A file of megabytes must not hold the event loop (other requests) for seconds.
        await nextTurn();
        deadline.throwIfGivenUp();
      }
    }
    const result: DrawsWritten<D> = {
      ...(await writeValid(manager, tag, rules, valid, options, deadline, rejected)),
      ignored,
      rejected,
      rules,
    };
    if (options.dryRun) throw new PreviewRollback(result);
    return result;
  }).catch((error: unknown) => {
    if (error instanceof PreviewRollback) return error.result as DrawsWritten<D>;
    throw error;
  });
  const changed = written.inserted + written.updated + written.prizes > 0;
  if (!options.dryRun && (options.publish === 'always' || changed))
    await ports.changes.publish({ type: 'lottery.changed', tag });
  return written;
}

/** The writes proper, checking the deadline before each batch: nobody waits for the rest once it is given up. */
async function writeValid<D extends DrawToWrite>(
  manager: EntityManager,
  tag: string,
  rules: RuleEra[],
  valid: D[],
  options: WriteDrawsOptions<D>,
  deadline: Deadline,
  rejected: Rejection<D>[],
): Promise<UpsertCounts & { prizes: number }> {
  const selection = await options.select?.(manager, valid);
  rejected.push(...(selection?.rejected ?? []));
  const toWrite = selection?.write ?? valid;
  const counts = { inserted: 0, updated: 0, unchanged: 0, prizes: 0 };
  const storePrizes = async (prizes: PrizesInput[]) => {
    counts.prizes += (await upsertPrizesBatch(manager, tag, prizes, rules)).written;
  };
  let written = 0;
  options.onProgress?.({ written, total: toWrite.length });
  for (const batch of batchesOf(toWrite)) {
    deadline.throwIfGivenUp();
    const upserted = await upsertDrawBatch(manager, tag, batch, options.provenance, rules);
    counts.inserted += upserted.inserted;
    counts.updated += upserted.updated;
    counts.unchanged += upserted.unchanged;
    if (!selection) await storePrizes(prizesToStore(batch, rules, options.origin, rejected));
    written += batch.length;
    options.onProgress?.({ written, total: toWrite.length });
  }
  if (selection) {
    for (const batch of batchesOf(prizesToStore(selection.prizesOf, rules, options.origin, rejected))) {
      deadline.throwIfGivenUp();
      await storePrizes(batch);
    }
  }
  deadline.throwIfGivenUp();
  return counts;
}
