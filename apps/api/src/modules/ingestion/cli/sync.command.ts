import { DataSource } from 'typeorm';
import {
  type CliContext,
  type CliIo,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
} from '../../../common/cli/cli-context';
import { LotteryCatalog } from '../../catalog/lottery-catalog.service';
import { DrawSource } from '../draw-source.entity';
import { DrawSyncService } from '../draw-sync.service';
import type { SyncResult } from '../sync-result';

/**
 * `sync [tag] [--url <url>]`: one sync now, of one lottery or of every enabled source, whatever SYNC says (the
 * scheduler's back-off is not consulted). `--url` reads another URL with the lottery's adapter (fixtures, a
 * mirror). Prints what each sync did; exit code 1 when a sync failed or rows were rejected.
 */
export async function syncCommand(
  context: CliContext,
  io: CliIo,
  options: { tag?: string; url?: string },
): Promise<number> {
  const { tag, url } = options;
  if (tag !== undefined && !context.get(LotteryCatalog).has(tag)) {
    io.err(`Lottery '${tag}' not found; 'lotteries' lists the known tags.`);
    return EXIT_USAGE;
  }
  const sources = await context
    .get(DataSource)
    .getRepository(DrawSource)
    .find({
      where: tag === undefined ? { enabled: true } : { lotteryTag: tag },
      order: { lotteryTag: 'ASC' },
    });
  if (sources.length === 0) {
    io.err(
      tag === undefined
        ? 'No enabled source: set one with PUT /admin/sources/{tag}.'
        : `Lottery '${tag}' has no source: set one with PUT /admin/sources/${tag}.`,
    );
    return EXIT_USAGE;
  }
  let failed = false;
  for (const source of sources) {
    const result = await context.get(DrawSyncService).syncLottery(source.lotteryTag, { url });
    report(io, result);
    failed ||= result.error !== null || result.rejected.length > 0;
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}

function report(io: CliIo, result: SyncResult): void {
  const { lottery, source } = result;
  if (result.error !== null) {
    io.err(`${lottery}: sync failed (${source}): ${result.error}`);
    return;
  }
  for (const row of result.rejected)
    io.err(`${lottery}: row ${row.row}${row.date ? ` (${row.date})` : ''} rejected: ${row.message}`);
  io.out(
    `${lottery} (${source}): ${result.fetched} fetched, ${result.inserted} new, ${result.unchanged} unchanged, ` +
      `${result.conflicts} ${result.conflicts === 1 ? 'conflict' : 'conflicts'}, ${result.corrected} corrected, ` +
      `${result.rejected.length} rejected` +
      (result.periods ? `; ${result.periods} periods asked` : '') +
      (result.periodsLeft ? `, ${result.periodsLeft} left for the next sync` : '') +
      '.',
  );
}
