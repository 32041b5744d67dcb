import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DrawCsvError, parseDrawCsvInSlices } from './domain/draw-csv';
import { writeDraws, type WriteProgress } from './write-draws.usecase';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { Deadline } from '../../common/deadline';

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Draws whose prizes were stored or changed; only for a file with prize columns. */
  prizes?: number;
  /** Rejected lines, ascending by line number. */
  errors: DrawCsvError[];
}

/** Called after each written batch (the command-line tool draws its progress bar with it). */
export type ImportProgress = WriteProgress;

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
    // In slices: a file of megabytes must not hold the event loop (other requests) for seconds.
    const parsed = await parseDrawCsvInSlices(text);
    const written = await writeDraws(
      { dataSource: this.dataSource, changes: this.changes },
      tag,
      parsed.rows,
      {
        origin: 'administrator',
        provenance: null,
        invalid: 'report',
        publish: 'on-change',
        dryRun,
        onProgress,
      },
      deadline,
    );
    const errors = [
      ...parsed.errors,
      ...written.rejected.map(({ draw, message }) => ({ line: draw.line, message })),
    ].sort((a, b) => a.line - b.line);
    const imported: ImportResult = {
      inserted: written.inserted,
      updated: written.updated,
      unchanged: written.unchanged,
      errors,
    };
    if (parsed.prizeColumns) imported.prizes = written.prizes;
    return imported;
  }
}
