import { Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { batchesOf, upsertDrawBatch } from './draw-batch-writer';
import { DrawCsvError, parseDrawCsvInSlices, ParsedDrawRow } from './domain/draw-csv';
import { prizeDivisionsOn, roundProblem, validateDrawNumbers } from '../lotteries/domain/lottery-rules';
import { prizesProblem } from '../prizes/domain/prize-input';
import { upsertPrizesBatch } from '../prizes/prize-batch-writer';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Draws whose prizes were stored or changed; only for a file with prize columns. */
  prizes?: number;
  /** Rejected lines, ascending by line number. */
  errors: DrawCsvError[];
}

/** Ends a preview's transaction: what it counted is kept, what it wrote is rolled back. */
class PreviewRollback extends Error {
  constructor(readonly result: ImportResult) {
    super('preview: rolled back');
  }
}

/** Rows checked against the rules between two turns of the event loop (a few milliseconds' work). */
const ROWS_PER_TURN = 1000;

/** Called after each written batch (the command-line tool draws its progress bar with it). */
export type ImportProgress = (progress: { written: number; total: number }) => void;

/**
 * Imports a draw-history CSV into an existing lottery: the one implementation behind the admin endpoint and the
 * command-line tool. Each line is checked on its own (format, then the era in force on its date); rejected lines
 * are reported and never written, the valid ones all go in together in one transaction.
 */
@Injectable()
export class DrawImportService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /**
   * `dryRun`: a preview. The import runs as it would, in its transaction, which is then rolled back: the counts
   * are exactly what the import would do (the same statements decide insert, update or unchanged), and nothing
   * is written, announced or sent to webhooks.
   *
   * `deadline`: the request's (the command-line tool has none). A request given up on (408, 503) commits
   * nothing: the import stops between batches and its transaction is cut.
   */
  async importCsv(
    tag: string,
    text: string,
    options: { onProgress?: ImportProgress; dryRun?: boolean } = {},
    deadline: Deadline = Deadline.NONE,
  ): Promise<ImportResult> {
    const { onProgress, dryRun = false } = options;
    // In slices, here and below: a file of megabytes must not hold the event loop (other requests) for seconds.
    const parsed = await parseDrawCsvInSlices(text);
    const imported = await transactionWithin(this.dataSource, deadline, async (manager) => {
      // The share lock keeps the rules from changing between this check and the writes.
      const rules = await lockLotteryRules(manager, tag, 'share');
      const errors = [...parsed.errors];
      const valid: ParsedDrawRow[] = [];
      for (const [i, row] of parsed.rows.entries()) {
        const problem =
          validateDrawNumbers(rules, row.date, row.main, row.special) ??
          roundProblem(rules, row.date, row.round ?? 1, 'field') ??
          (row.prizes ? prizesProblem(row.prizes, prizeDivisionsOn(rules, row.date)) : null);
        if (problem === null) valid.push(row);
        else errors.push({ line: row.line, message: problem });
        if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
          await nextTurn();
          deadline.throwIfGivenUp();
        }
      }
      errors.sort((a, b) => a.line - b.line);

      const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0, errors };
      let prizesWritten = 0;
      let written = 0;
      onProgress?.({ written, total: valid.length });
      for (const batch of batchesOf(valid)) {
        // Nobody waits for the rest once the request is given up: stop rather than write batches to roll back.
        deadline.throwIfGivenUp();
        const counts = await upsertDrawBatch(manager, tag, batch, null, rules);
        result.inserted += counts.inserted;
        result.updated += counts.updated;
        result.unchanged += counts.unchanged;
        const prizes = batch.flatMap((row) => (row.prizes ? [row.prizes] : []));
        prizesWritten += (await upsertPrizesBatch(manager, tag, prizes, rules)).written;
        written += batch.length;
        onProgress?.({ written, total: valid.length });
      }
      if (parsed.prizeColumns) result.prizes = prizesWritten;
      if (dryRun) throw new PreviewRollback(result);
      return result;
    }).catch((error: unknown) => {
      if (error instanceof PreviewRollback) return error.result;
      throw error;
    });
    if (!dryRun && imported.inserted + imported.updated + (imported.prizes ?? 0) > 0)
      await this.changes.publish({ type: 'lottery.changed', tag });
    return imported;
  }
}
