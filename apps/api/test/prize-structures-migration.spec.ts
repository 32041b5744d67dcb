import { DataSource } from 'typeorm';
import { PrizeStructures1796300000000 } from '../src/database/migrations/1796300000000-prize-structures';
import { createTestApp, TestApp } from './support/test-app';

/** A database loaded before issue 22 holds rules without pools and prizes: the migration brings them. */
describe('migration 1796300000000: prize structures for a database loaded earlier', () => {
  let app: TestApp;

  beforeAll(async () => (app = await createTestApp()));
  afterAll(() => app.close());

  it('adds them era by era, keeps what an administrator set, and its down() removes them again', async () => {
    const migration = new PrizeStructures1796300000000();
    // One connection for all of it (the embedded engine's pool is small).
    const runner = app.running.app.get(DataSource).createQueryRunner();
    const rulesOf = async (tag: string) =>
      (await runner.query(`SELECT rules FROM lotteries WHERE tag = $1`, [tag]))[0].rules as Array<
        Record<string, any>
      >;
    try {
      const bundled = await rulesOf('uk_lotto');
      expect(bundled.every((era) => era.special.pool === 'main')).toBe(true);
      await migration.down(runner);
      const old = await rulesOf('uk_lotto');
      expect(old.every((era) => era.prizes === undefined && era.special?.pool === undefined)).toBe(true);
      // An administrator's own structure on Powerball's current era stays as it is.
      const powerball = await rulesOf('us_powerball');
      const own = [{ from: '2015-10-07', source: 'set by hand', divisions: null }];
      powerball[powerball.length - 1].prizes = own;
      await runner.query(`UPDATE lotteries SET rules = $1::jsonb WHERE tag = 'us_powerball'`, [
        JSON.stringify(powerball),
      ]);

      await migration.up(runner);
      // The eras this migration knows: uk_lotto's era of rounds (2026-06-10) came later, with its own migration.
      const known = (rules: Array<Record<string, any>>) => rules.filter((era) => era.from < '2026-06-10');
      expect(known(await rulesOf('uk_lotto'))).toEqual(known(bundled));
      const after = await rulesOf('us_powerball');
      expect(after.at(-1)!.prizes).toEqual(own);
      expect(after[0].prizes).toEqual([]);
      expect(after.at(-2)!.prizes.length).toBe(1);
    } finally {
      await runner.release();
    }
  });
});
