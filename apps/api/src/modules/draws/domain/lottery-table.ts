import { readFileSync } from 'node:fs';
import {
  type GeneratedTable,
  renderTable,
  tableIn,
  withTable,
} from '../../../common/markdown/generated-table';
import type { BundledLottery } from './bundled-lotteries';

/** What regenerates README.md's table of lotteries after a change to lotteries.json or the bundled files. */
export const LOTTERY_TABLE_COMMAND =
  'npx tsc -p apps/api/tsconfig.app.json && node dist/apps/api/bin/lottery-table.js';

/** The table sits between these lines in README.md's "Lotteries" section. */
export const LOTTERY_TABLE: GeneratedTable = {
  start: `<!-- lottery table: generated from apps/api/data/draws by \`${LOTTERY_TABLE_COMMAND}\`; do not edit by hand -->`,
  end: '<!-- end of the lottery table -->',
};

const HEADER = ['lottery', 'country', 'operator', 'source', 'terms', 'history since', 'draws', 'state'];

/** The first draw's date and the number of draws of a bundled history (its CSV is sorted by date). */
function historyOf(lottery: BundledLottery): { since: string; draws: number } {
  const lines = readFileSync(lottery.csvPath, 'utf8').trim().split('\n').slice(1);
  return { since: lines[0]?.slice(0, 10) ?? '–', draws: lines.length };
}

/** Where the lottery's results are fetched from: the host of its source, and how many fallbacks follow it. */
function sourceOf(lottery: BundledLottery): string {
  if (!lottery.sync) return '– (import)';
  const fallbacks = lottery.sync.fallbacks.length;
  const host = new URL(lottery.sync.url).host;
  return fallbacks === 0 ? host : `${host} (+${fallbacks} fallback${fallbacks > 1 ? 's' : ''})`;
}

/** The README's table of the bundled lotteries, one row per lottery. */
export function renderLotteryTable(lotteries: readonly BundledLottery[]): string {
  const rows = lotteries.map((lottery) => {
    const { since, draws } = historyOf(lottery);
    return [
      `\`${lottery.tag}\` ${lottery.name}`,
      lottery.country,
      lottery.operator,
      sourceOf(lottery),
      lottery.terms,
      since,
      draws.toLocaleString('en-US'),
      lottery.retiredOn ? `retired ${lottery.retiredOn}` : 'played',
    ];
  });
  return renderTable(HEADER, rows);
}

export const lotteryTableIn = (readme: string): string | null => tableIn(readme, LOTTERY_TABLE);
export const withLotteryTable = (readme: string, table: string): string =>
  withTable(readme, LOTTERY_TABLE, table);
