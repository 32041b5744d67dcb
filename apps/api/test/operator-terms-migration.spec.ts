import type { QueryRunner } from 'typeorm';
import { OperatorTerms1796970000000 } from '../src/database/migrations/1796970000000-operator-terms';
import { OPERATOR_TERMS_1796970000000 } from '../src/database/migrations/data/1796970000000-operator-terms';
import { bundledDataDir, loadBundledLotteries } from '../src/modules/draws/domain/bundled-lotteries';
import { withQueryRunner } from './support/test-set-ups';

/**
 * A database loaded before lotteries had an operator and terms: down() puts it back that way, up() gives its bundled
 * lotteries what a new database is loaded with, and leaves an administrator's lottery without them.
 */
describe('migration 1796970000000 (operator and terms) for a database loaded earlier', () => {
  let runner: QueryRunner;
  const lotteries = async () =>
    (await runner.query(`SELECT tag, operator, terms FROM lotteries ORDER BY tag COLLATE "C"`)) as {
      tag: string;
      operator: string | null;
      terms: string | null;
    }[];
  const columns = async () =>
    (
      (await runner.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'lotteries' AND column_name IN ('operator', 'terms') ORDER BY column_name`,
      )) as { column_name: string }[]
    ).map((row) => row.column_name);

  let database: Awaited<ReturnType<typeof withQueryRunner>>;

  beforeAll(async () => {
    ({ runner } = database = await withQueryRunner());
  });
  afterAll(() => database?.close());

  it('names the bundled lotteries’ operators and terms as the bundle does; an administrator’s has none', async () => {
    // The lotteries the migration knows: those bundled when it was written (a later one comes with its own).
    const frozen = new Set(OPERATOR_TERMS_1796970000000.map(({ tag }) => tag));
    const bundle = loadBundledLotteries(bundledDataDir()).map(({ tag, operator, terms }) => ({
      tag,
      operator,
      terms,
    }));
    // Its frozen copy says what lotteries.json says today: should the bundle change an operator or terms, this is
    // what to revisit (the copy stays as it is: a migration does the same thing forever).
    expect(OPERATOR_TERMS_1796970000000).toEqual(bundle.filter(({ tag }) => frozen.has(tag)));
    // A new database is loaded with the bundle's.
    const loaded = (await lotteries()).filter(({ tag }) => frozen.has(tag));
    expect(loaded).toEqual(
      bundle.filter(({ tag }) => frozen.has(tag)).sort((a, b) => (a.tag < b.tag ? -1 : 1)),
    );

    const migration = new OperatorTerms1796970000000();
    await migration.down(runner);
    expect(await columns()).toEqual([]);
    // A lottery an administrator created before the migration.
    await runner.query(
      `INSERT INTO lotteries (tag, name, country, timezone, rules)
       VALUES ('xx_own', 'Our own', 'XX', 'UTC', '[{"from":"2000-01-01","main":{"count":1,"min":1,"max":9,"distinct":true},"special":null}]')`,
    );
    await migration.up(runner);

    expect(await columns()).toEqual(['operator', 'terms']);
    const migrated = await lotteries();
    expect(migrated.filter(({ tag }) => frozen.has(tag))).toEqual(loaded);
    expect(migrated.find(({ tag }) => tag === 'xx_own')).toEqual({
      tag: 'xx_own',
      operator: null,
      terms: null,
    });
  });
});
