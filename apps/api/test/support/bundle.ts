import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The figures of the shipped bundle (data/draws). */
export function bundleFigures(): BundleFigures {
  figures ??= figuresOf(bundledDataDir());
  return figures;
}

/** The figures of the bundle in `dataDir` (a folder laid out as data/draws). */
export function figuresOf(dataDir: string): BundleFigures {
  const counts = new Map(
    loadBundledLotteries(dataDir).map((lottery) => [
      lottery.tag,
      parseDrawCsv(readFileSync(lottery.csvPath, 'utf8')).rows.length,
    ]),
  );
  const tags = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    tags,
    lotteries: tags.length,
    draws: [...counts.values()].reduce((sum, n) => sum + n, 0),
    drawsOf: (tag) => counts.get(tag) ?? 0,
  };
}

/**
 * A copy of part of the shipped bundle in `root`, laid out as the real one: `draws/` with lotteries.json (the
 * entries of `tags` alone) and their draw files, `prizes/` beside it with their prize files where they have one.
 * Returns the draws folder (what BundledDataService.loadNew takes). For tests of the loader's behaviour, which does
 * not depend on the bundle's size: loading a few lotteries costs a fraction of the whole.
 */
export function partialBundle(root: string, tags: string[]): string {
  const from = bundledDataDir();
  const draws = join(root, 'draws');
  const prizes = join(root, 'prizes');
  mkdirSync(draws, { recursive: true });
  mkdirSync(prizes, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(from, 'lotteries.json'), 'utf8')) as { tag: string }[];
  const kept = manifest.filter((lottery) => tags.includes(lottery.tag));
  const missing = tags.filter((tag) => !kept.some((lottery) => lottery.tag === tag));
  if (missing.length > 0) throw new Error(`Not in the bundle: ${missing.join(', ')}`);
  writeFileSync(join(draws, 'lotteries.json'), JSON.stringify(kept));
  for (const tag of tags) {
    cpSync(join(from, `${tag}.csv`), join(draws, `${tag}.csv`));
    const prizeFile = join(from, '..', 'prizes', `${tag}.csv`);
    if (existsSync(prizeFile)) cpSync(prizeFile, join(prizes, `${tag}.csv`));
  }
  return draws;
}
