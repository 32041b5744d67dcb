import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BundledLotteriesOffered1796900000000 } from '../src/database/migrations/1796900000000-bundled-lotteries-offered';
import { BundledDataService } from '../src/modules/draws/bundled-data.service';
import { bundledDataDir } from '../src/modules/draws/domain/bundled-lotteries';
import { sql } from './support/fixtures';
import { createTestApp, TestApp } from './support/test-app';
import { bundleFigures, type BundleFigures, figuresOf, partialBundle } from './support/bundle';

const BUNDLE = bundleFigures();

describe('BundledDataService', () => {
  let app: TestApp;
  let bundled: BundledDataService;
  let scratch: string;
  /** A bundle of three lotteries (fr_lotto with its prizes): what the tests of the loader's behaviour load. */
  let small: string;
  let SMALL: BundleFigures;

  const counts = async () => {
    const [row] = await sql(
      app,
      'SELECT (SELECT count(*) FROM lotteries)::int AS lotteries, (SELECT count(*) FROM draws)::int AS draws',
    );
    return row;
  };
  // The database starts with the whole bundle (the template's): the first wipe removes it, the only wipe of the
  // whole bundle (tens of thousands of draws), since the tests that load all of it come last.
  const wipe = () => sql(app, 'DELETE FROM lotteries');

  beforeAll(async () => {
    app = await createTestApp();
    bundled = app.running.app.get(BundledDataService);
    scratch = mkdtempSync(join(tmpdir(), 'bundled-data-test-'));
    small = partialBundle(join(scratch, 'small'), ['fr_lotto', 'de_lotto', 'uk_lotto']);
    SMALL = figuresOf(small);
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await app.close();
  });

  it('loads once when several instances start together', async () => {
    await wipe();
    const reports = await Promise.all([bundled.loadNew(small), bundled.loadNew(small)]);
    expect(reports.filter((r) => r !== null)).toHaveLength(1);
    expect(await counts()).toEqual({ lotteries: SMALL.lotteries, draws: SMALL.draws });
  });

  it('leaves nothing behind when loading fails part-way', async () => {
    await wipe();
    // The same lottery twice: the second insert fails inside the transaction, after the others went in.
    const twice = join(scratch, 'twice', 'draws');
    cpSync(join(small, '..'), join(twice, '..'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(twice, 'lotteries.json'), 'utf8'));
    writeFileSync(join(twice, 'lotteries.json'), JSON.stringify([...manifest, manifest[0]]));
    await expect(bundled.loadNew(twice)).rejects.toThrow();
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
  });

  /** Makes the database look as if `tag` had been added to the bundle since it was loaded. */
  const notYetOffered = async (tag: string) => {
    await sql(app, 'DELETE FROM lotteries WHERE tag = $1', [tag]);
    await sql(app, 'DELETE FROM bundled_lotteries_offered WHERE tag = $1', [tag]);
  };
  const lotteryOf = async (tag: string) =>
    (await sql(app, 'SELECT name FROM lotteries WHERE tag = $1', [tag]))[0] ?? null;

  it('loads a lottery added to the bundle into a database that holds the others, once', async () => {
    await wipe();
    await bundled.loadNew(small);
    await notYetOffered('fr_lotto');
    expect(await counts()).toEqual({ lotteries: SMALL.lotteries - 1, draws: SMALL.draws - 2598 });

    expect(await bundled.loadNew(small)).toEqual({ lotteries: 1, draws: 2598, ms: expect.any(Number) });
    expect(await counts()).toEqual({ lotteries: SMALL.lotteries, draws: SMALL.draws });
    const [loaded] = await sql(
      app,
      `SELECT (SELECT count(*) FROM draw_prizes WHERE lottery_tag = 'fr_lotto')::int AS prizes,
              (SELECT adapter FROM draw_sources WHERE lottery_tag = 'fr_lotto') AS adapter`,
    );
    // Its bundled prizes and its draw source come with it.
    expect(loaded).toEqual({ prizes: 2474, adapter: expect.any(String) });

    // Deleted by an administrator, it stays deleted.
    await sql(app, `DELETE FROM lotteries WHERE tag = 'fr_lotto'`);
    expect(await bundled.loadNew(small)).toBeNull();
    expect(await lotteryOf('fr_lotto')).toBeNull();
  });

  it('leaves a lottery created under a bundled tag as it is', async () => {
    await wipe();
    await bundled.loadNew(small);
    await notYetOffered('de_lotto');
    await sql(
      app,
      `INSERT INTO lotteries (tag, name, country, timezone, rules)
       SELECT 'de_lotto', 'Our own', country, timezone, rules FROM lotteries WHERE tag = 'fr_lotto'`,
    );
    expect(await bundled.loadNew(small)).toBeNull();
    expect(await lotteryOf('de_lotto')).toEqual({ name: 'Our own' });
    expect(await sql(app, `SELECT count(*)::int AS n FROM draws WHERE lottery_tag = 'de_lotto'`)).toEqual([
      { n: 0 },
    ]);
  });

  it('a database from before migration 1796900000000 keeps the bundled lotteries it deleted deleted', async () => {
    await wipe();
    await bundled.loadNew(small);
    // One connection for all of it: the embedded engine's pool has only one.
    const runner = app.running.app.get(DataSource).createQueryRunner();
    try {
      const migration = new BundledLotteriesOffered1796900000000();
      await migration.down(runner);
      await runner.query(`DELETE FROM lotteries WHERE tag = 'uk_lotto'`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await bundled.loadNew(small)).toBeNull();
    expect(await lotteryOf('uk_lotto')).toBeNull();
    expect(await counts()).toEqual({ lotteries: SMALL.lotteries - 1, draws: expect.any(Number) });
  });

  it('refuses bad bundled data before writing anything', async () => {
    await wipe();
    const bad = join(scratch, 'bad', 'draws');
    cpSync(join(small, '..'), join(bad, '..'), { recursive: true });
    writeFileSync(join(bad, 'fr_lotto.csv'), 'date,main,special\n2020-01-01,1 2 3 4 99,1\n');
    await expect(bundled.loadNew(bad)).rejects.toThrow(
      /fr_lotto\.csv line 2: Main number 99 is out of range 1-49 for draws from 2008-10-06\. \(1 bad lines\)/,
    );
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
    expect(await bundled.loadNew(small)).not.toBeNull();
  });

  // The whole bundle, once: the tests above load a part of it (the loader's behaviour does not depend on its size).
  it('loads every bundled lottery and its draws into an empty database, once', async () => {
    await wipe();
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
    const report = await bundled.loadNew();
    expect(report).toEqual({ lotteries: BUNDLE.lotteries, draws: BUNDLE.draws, ms: expect.any(Number) });
    expect(await counts()).toEqual({ lotteries: BUNDLE.lotteries, draws: BUNDLE.draws });
    process.stdout.write(
      `[bundled data] ${report?.draws} draws in ${report?.ms} ms ` +
        `(${Math.round(((report?.draws ?? 0) * 1000) / (report?.ms ?? 1))} draws/s)\n`,
    );

    expect(await bundled.loadNew()).toBeNull();
    expect(await counts()).toEqual({ lotteries: BUNDLE.lotteries, draws: BUNDLE.draws });
  });

  it('stores the draws in draw order with the lottery rules', async () => {
    const [euro] = await sql(
      app,
      `SELECT main, special FROM draws WHERE lottery_tag = 'eu_euromillions' AND draw_date = '2024-01-02'`,
    );
    expect(euro).toEqual({ main: [7, 18, 49, 46, 15], special: [12, 10] });
    const [powerball] = await sql(
      app,
      `SELECT rules, special_name, draw_order FROM lotteries WHERE tag = 'us_powerball'`,
    );
    const manifest = JSON.parse(readFileSync(join(bundledDataDir(), 'lotteries.json'), 'utf8'));
    expect(powerball).toEqual({
      rules: manifest.find((l: { tag: string }) => l.tag === 'us_powerball').rules,
      special_name: 'Powerball',
      draw_order: false,
    });
  });
});
