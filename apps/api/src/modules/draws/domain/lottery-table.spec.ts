import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDataDir, loadBundledLotteries } from './bundled-lotteries';
import { LOTTERY_TABLE_COMMAND, lotteryTableIn, renderLotteryTable } from './lottery-table';

const README = join(__dirname, '../../../../../../README.md');

describe("README.md's table of lotteries", () => {
  const lotteries = loadBundledLotteries(bundledDataDir());

  it('is the one the bundled data renders', () => {
    const table = lotteryTableIn(readFileSync(README, 'utf8'));
    const fix = `README.md's lottery table is out of date: run \`${LOTTERY_TABLE_COMMAND}\` and commit README.md.`;
    try {
      expect(table).toBe(renderLotteryTable(lotteries));
    } catch (error) {
      (error as Error).message = `${fix}\n\n${(error as Error).message}`;
      throw error;
    }
  });

  it('has a row per lottery with its first draw, its count and its state', () => {
    const table = renderLotteryTable(lotteries);
    expect(table.split('\n')).toHaveLength(lotteries.length + 2);
    const cash4life = table.split('\n').find((line) => line.includes('`us_cash4life`'));
    expect(cash4life).toMatch(/\| 2014-06-16 +\| 840 +\| retired 2026-02-21 \|$/);
    const euromillions = table.split('\n').find((line) => line.includes('`eu_euromillions`'));
    expect(euromillions).toMatch(
      /\| www\.sto\.api\.fdj\.fr +\| none found +\| 2004-02-13 +\| 1,826 +\| played +\|$/,
    );
  });
});
