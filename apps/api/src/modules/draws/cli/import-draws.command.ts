import { SingleBar } from 'cli-progress';
import { LotteryCatalog } from '../../catalog/lottery-catalog.service';
import { DrawImportService } from '../draw-import.service';
import { CliContext, CliIo, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../../common/cli/cli-context';

/**
 * `import <tag> <file>`: the admin endpoint's import (same service, same rules), with a progress bar, a report of
 * every rejected line and a summary. Exit code 1 when a line was rejected.
 */
export async function importDrawsCommand(
  context: CliContext,
  io: CliIo,
  options: { tag: string; fileName: string; text: string },
): Promise<number> {
  const { tag, fileName, text } = options;
  if (!context.get(LotteryCatalog).has(tag)) {
    io.err(
      `Lottery '${tag}' not found. Create it first (POST /admin/lotteries); 'lotteries' lists the known tags.`,
    );
    return EXIT_USAGE;
  }

  // cli-progress only draws on a terminal, so redirected output and tests get just the report.
  const bar = new SingleBar({
    stream: io.progress,
    format: `Importing ${tag} |{bar}| {percentage}% | {value}/{total} draws`,
    hideCursor: true,
    clearOnComplete: true,
  });
  let started = false;
  const result = await context
    .get(DrawImportService)
    .importCsv(tag, text, {
      onProgress: ({ written, total }) => {
        if (!started) {
          bar.start(total, written);
          started = true;
        } else bar.update(written);
      },
    })
    .finally(() => bar.stop());

  for (const error of result.errors) io.err(`line ${error.line}: ${error.message}`);
  const rejected = result.errors.length;
  io.out(
    `Imported ${fileName} into ${tag}: ${result.inserted} inserted, ${result.updated} updated, ` +
      `${result.unchanged} unchanged, ${rejected} ${rejected === 1 ? 'line' : 'lines'} rejected.`,
  );
  return rejected > 0 ? EXIT_FAILED : EXIT_OK;
}
