import type { QueryRunner } from 'typeorm';
import { FdjPrizeStructures1796810000000 } from '../src/database/migrations/1796810000000-fdj-prize-structures';
import { UkLottoRounds1796820000000 } from '../src/database/migrations/1796820000000-uk-lotto-rounds';
import { UkLottoRoundPrizes1796930000000 } from '../src/database/migrations/1796930000000-uk-lotto-round-prizes';
import { withQueryRunner } from './support/test-set-ups';

/** A database loaded before issue 30 gets the corrected FDJ prize structures and UK Lotto's era of rounds. */
describe('migrations of issue 30 for a database loaded earlier', () => {
  let runner: QueryRunner;
  const rulesOf = async (tag: string) =>
    (await runner.query(`SELECT rules FROM lotteries WHERE tag = $1`, [tag]))[0].rules as Array<
      Record<string, any>
    >;
  const setRules = (tag: string, rules: unknown) =>
    runner.query(`UPDATE lotteries SET rules = $2::jsonb WHERE tag = $1`, [tag, JSON.stringify(rules)]);

  let database: Awaited<ReturnType<typeof withQueryRunner>>;

  beforeAll(async () => {
    ({ runner } = database = await withQueryRunner());
  });
  afterAll(() => database?.close());

  it("UK Lotto's era of two rounds is added once, unless an era from that date exists; down() removes it", async () => {
    const bundled = await rulesOf('uk_lotto');
    expect(bundled.at(-1)).toMatchObject({ from: '2026-06-10', rounds: 2 });
    const migration = new UkLottoRounds1796820000000();
    await migration.down(runner);
    expect((await rulesOf('uk_lotto')).map((era) => era.from)).toEqual(
      bundled.slice(0, -1).map((era) => era.from),
    );
    await migration.up(runner);
    await migration.up(runner);
    // The era as issue 30 added it: no prize structure yet (the next migration gives it one).
    expect(await rulesOf('uk_lotto')).toEqual([...bundled.slice(0, -1), { ...bundled.at(-1), prizes: [] }]);
    await new UkLottoRoundPrizes1796930000000().up(runner);
    expect(await rulesOf('uk_lotto')).toEqual(bundled);
  });

  it("UK Lotto's two-round era gets its prize structure once; one an administrator set stays; down() removes it", async () => {
    const bundled = await rulesOf('uk_lotto');
    expect(bundled.at(-1)!.prizes[0]).toMatchObject({ from: '2026-06-10', divisions: expect.any(Array) });
    expect(bundled.at(-1)!.prizes[0].divisions).toEqual(bundled.at(-2)!.prizes.at(-1).divisions);
    const migration = new UkLottoRoundPrizes1796930000000();
    await migration.down(runner);
    expect((await rulesOf('uk_lotto')).at(-1)!.prizes).toEqual([]);
    await migration.up(runner);
    await migration.up(runner);
    expect(await rulesOf('uk_lotto')).toEqual(bundled);
    // An administrator's own structure stays, both ways.
    const own = [{ from: '2026-06-10', source: 'set by hand', divisions: null }];
    await setRules('uk_lotto', [...bundled.slice(0, -1), { ...bundled.at(-1), prizes: own }]);
    await migration.down(runner);
    await migration.up(runner);
    expect((await rulesOf('uk_lotto')).at(-1)!.prizes).toEqual(own);
    await setRules('uk_lotto', bundled);
  });

  it('FDJ structures replace what the earlier bundle held, era by era; an era an administrator changed stays', async () => {
    const bundled = await rulesOf('eu_euromillions');
    expect(bundled[0].prizes[0].divisions).toHaveLength(12);
    const migration = new FdjPrizeStructures1796810000000();
    await migration.down(runner);
    const before = await rulesOf('eu_euromillions');
    expect(before[0].prizes).toEqual([]);
    // An administrator's own structure on the current era stays as it is.
    const own = [{ from: '2016-09-27', source: 'set by hand', divisions: null }];
    await setRules(
      'eu_euromillions',
      before.map((era, i) => (i === before.length - 1 ? { ...era, prizes: own } : era)),
    );
    await migration.up(runner);
    const after = await rulesOf('eu_euromillions');
    expect(after[0].prizes).toEqual(bundled[0].prizes);
    expect(after[1].prizes).toEqual(bundled[1].prizes);
    expect(after.at(-1)!.prizes).toEqual(own);
  });
});
