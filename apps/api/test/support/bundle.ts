import { readFileSync } from 'node:fs';
import { bundledDataDir, loadBundledLotteries } from '../../src/modules/draws/domain/bundled-lotteries';
import { parseDrawCsv } from '../../src/modules/draws/domain/draw-csv';

/** What the bundle holds, read from its files: specs compare with these rather than with numbers that age. */
export interface BundleFigures {
  /** Every bundled tag, in byte order (the API's). */
  tags: string[];
  lotteries: number;
  draws: number;
  drawsOf(tag: string): number;
}

let figures: BundleFigures | undefined;

export function bundleFigures(): BundleFigures {
  if (figures) return figures;
  const counts = new Map(
    loadBundledLotteries(bundledDataDir()).map((lottery) => [
      lottery.tag,
      parseDrawCsv(readFileSync(lottery.csvPath, 'utf8')).rows.length,
    ]),
  );
  const tags = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  figures = {
    tags,
    lotteries: tags.length,
    draws: [...counts.values()].reduce((sum, n) => sum + n, 0),
    drawsOf: (tag) => counts.get(tag) ?? 0,
  };
  return figures;
}
