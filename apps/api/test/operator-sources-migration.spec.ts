import type { QueryRunner } from 'typeorm';
import { OperatorSources1796850000000 } from '../src/database/migrations/1796850000000-operator-sources';
import { OPERATOR_SOURCES_1796850000000 } from '../src/database/migrations/data/1796850000000-operator-sources';
import { EurojackpotPrizes1796960000000 } from '../src/database/migrations/1796960000000-eurojackpot-prizes';
import { withQueryRunner } from './support/test-set-ups';

/**
 * A database loaded before issue 31: down() puts it back as the earlier bundle left it (the mirror as the public
 * source, only the two US sources, without fallbacks), up() brings what a new database is loaded with, and keeps
 * what an administrator changed.
 */
describe('migration 1796850000000 (operator sources) for a database loaded earlier', () => {
  // The lotteries the migration knows: those bundled when it was written (a later one comes with its source).
  const frozen = OPERATOR_SOURCES_1796850000000.map(({ tag }) => tag);
  let runner: QueryRunner;
  const lotteries = async () =>
    (await runner.query(`SELECT tag, source, provenance FROM lotteries WHERE tag = ANY($1) ORDER BY tag`, [
      frozen,
    ])) as {
      tag: string;
      source: string | null;
      provenance: string | null;
    }[];
  const sources = async () =>
    (await runner.query(
      `SELECT lottery_tag, adapter, url, mapping, fallbacks FROM draw_sources WHERE lottery_tag = ANY($1)
        ORDER BY lottery_tag`,
      [frozen],
    )) as { lottery_tag: string; adapter: string; url: string; fallbacks: unknown[] }[];

  let database: Awaited<ReturnType<typeof withQueryRunner>>;

  beforeAll(async () => {
    ({ runner } = database = await withQueryRunner());
  });
  afterAll(() => database?.close());

  it('names the operators, keeps the mirrors as provenance, adds the default sources; keeps changes', async () => {
    const loaded = { lotteries: await lotteries(), sources: await sources() };
    expect(loaded.sources).toHaveLength(12);
    const migration = new OperatorSources1796850000000();
    await migration.down(runner);
    const before = await runner.query(`SELECT tag, source FROM lotteries WHERE tag = 'us_powerball'`);
    expect(before[0].source).toMatch(/^https:\/\/github\.com\/jbaranski\/.+ \(licence: MIT/);
    expect((await sources()).map((s) => [s.lottery_tag, s.fallbacks])).toEqual([
      ['us_megamillions', []],
      ['us_powerball', []],
    ]);

    // What an administrator changed since: a lottery's public source, and a source of their own.
    await runner.query(`UPDATE lotteries SET source = 'Our own wording' WHERE tag = 'de_lotto'`);
    await runner.query(
      `INSERT INTO draw_sources (lottery_tag, adapter, url) VALUES ('fr_lotto', 'generic', 'https://example.org/x')`,
    );
    await migration.up(runner);
    // Eurojackpot's source reads its prizes since a later migration, which a database loaded then went through too.
    await new EurojackpotPrizes1796960000000().up(runner);

    const after = await lotteries();
    for (const lottery of after.filter((l) => l.tag !== 'de_lotto'))
      expect(lottery).toEqual(loaded.lotteries.find((l) => l.tag === lottery.tag));
    expect(after.find((l) => l.tag === 'de_lotto')).toEqual({
      tag: 'de_lotto',
      source: 'Our own wording',
      provenance: null,
    });
    const migrated = await sources();
    expect(migrated.filter((s) => s.lottery_tag !== 'fr_lotto')).toEqual(
      loaded.sources.filter((s) => s.lottery_tag !== 'fr_lotto'),
    );
    expect(migrated.find((s) => s.lottery_tag === 'fr_lotto')).toMatchObject({
      url: 'https://example.org/x',
      fallbacks: [],
    });
  });
});
