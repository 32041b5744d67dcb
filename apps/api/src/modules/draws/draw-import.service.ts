import { Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { batchesOf, upsertDrawBatch } from './draw-batch-writer';
import { DrawCsvError, parseDrawCsvInSlices, ParsedDrawRow } from './domain/draw-csv';
import { validateDrawNumbers } from '../lotteries/domain/lottery-rules';

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
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
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /**
   * `dryRun`: a preview. The import runs as it would, in its transaction, which is then rolled back: the counts
   * are exactly what the import would do (the same statements decide insert, update or unchanged), and nothing
   * is written, announced or sent to webhooks.
   */
  async importCsv(
    tag: string,
    text: string,
    options: { onProgress?: ImportProgress; dryRun?: boolean } = {},
  ): Promise<ImportResult> {
    const { onProgress, dryRun = false } = options;
    // In slices, here and below: a file of megabytes must not hold the event loop (other requests) for seconds.
    const parsed = await parseDrawCsvInSlices(text);
    const imported = await this.dataSource
      .transaction(async (manager) => {
        // The share lock keeps the rules from changing between this check and the writes.
        const rules = await lockLotteryRules(manager, tag, 'share');
        const errors = [...parsed.errors];
        const valid: ParsedDrawRow[] = [];
        for (const [i, row] of parsed.rows.entries()) {
          const problem = validateDrawNumbers(rules, row.date, row.main, row.special);
          if (problem === null) valid.push(row);
          else errors.push({ line: row.line, message: problem });
          if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
        }
        errors.sort((a, b) => a.line - b.line);

        const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0, errors };
        let written = 0;
        onProgress?.({ written, total: valid.length });
        for (const batch of batchesOf(valid)) {
          const counts = await upsertDrawBatch(manager, tag, batch);
          result.inserted += counts.inserted;
          result.updated += counts.updated;
          result.unchanged += counts.unchanged;
          written += batch.length;
          onProgress?.({ written, total: valid.length });
        }
        if (dryRun) throw new PreviewRollback(result);
        return result;
      })
      .catch((error: unknown) => {
        if (error instanceof PreviewRollback) return error.result;
        throw error;
      });
    if (!dryRun && imported.inserted + imported.updated > 0) await this.catalog.reload(tag);
    return imported;
  }
}
