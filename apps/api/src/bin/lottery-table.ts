import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundledDataDir, loadBundledLotteries } from '../modules/draws/domain/bundled-lotteries';
import { lotteryTableIn, renderLotteryTable, withLotteryTable } from '../modules/draws/domain/lottery-table';

/**
 * Writes README.md's table of lotteries from the bundled data (the rest of the file is left as it is); with
 * `--check`, writes nothing and exits 1 when the table is not what the data renders.
 * Usage (from the repository's root): node dist/apps/api/bin/lottery-table.js [--check] [README.md]
 */
function main(): void {
  const check = process.argv.includes('--check');
  const file = resolve(process.argv.slice(2).find((arg) => arg !== '--check') ?? 'README.md');
  const readme = readFileSync(file, 'utf8');
  const lotteries = loadBundledLotteries(bundledDataDir());
  const table = renderLotteryTable(lotteries);
  if (lotteryTableIn(readme) === table) {
    process.stdout.write(`${file}: the lottery table is up to date\n`);
    return;
  }
  if (check) {
    process.stderr.write(`${file}: the lottery table differs from apps/api/data/draws\n`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(file, withLotteryTable(readme, table));
  process.stdout.write(`${file}: wrote the lottery table (${lotteries.length} lotteries)\n`);
}

main();
