import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BundledDataService } from '../src/modules/draws/bundled-data.service';
import { bundledDataDir } from '../src/modules/draws/domain/bundled-lotteries';
import { sql } from './support/fixtures';
import { createTestApp, TestApp } from './support/test-app';

describe('BundledDataService', () => {
  let app: TestApp;
  let bundled: BundledDataService;
  let scratch: string;

  const counts = async () => {
    const [row] = await sql(
      app,
      'SELECT (SELECT count(*) FROM lotteries)::int AS lotteries, (SELECT count(*) FROM draws)::int AS draws',
    );
    return row;
  };
  const wipe = () => sql(app, 'DELETE FROM lotteries');

  beforeAll(async () => {
    app = await createTestApp();
    bundled = app.running.app.get(BundledDataService);
    scratch = mkdtempSync(join(tmpdir(), 'bundled-data-test-'));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await app.close();
  });

  it('loads the 13 lotteries and their 28,724 draws into an empty database, once', async () => {
    await wipe();
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
    const report = await bundled.loadIfEmpty();
    expect(report).toEqual({ lotteries: 13, draws: 28_724, ms: expect.any(Number) });
    expect(await counts()).toEqual({ lotteries: 13, draws: 28_724 });
    process.stdout.write(
      `[bundled data] ${report?.draws} draws in ${report?.ms} ms ` +
        `(${Math.round(((report?.draws ?? 0) * 1000) / (report?.ms ?? 1))} draws/s)\n`,
    );

    expect(await bundled.loadIfEmpty()).toBeNull();
    expect(await counts()).toEqual({ lotteries: 13, draws: 28_724 });
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

  it('loads once when several instances start together', async () => {
    await wipe();
    const reports = await Promise.all([bundled.loadIfEmpty(), bundled.loadIfEmpty()]);
    expect(reports.filter((r) => r !== null)).toHaveLength(1);
    expect(await counts()).toEqual({ lotteries: 13, draws: 28_724 });
  });

  it('leaves nothing behind when loading fails part-way', async () => {
    await wipe();
    // The same lottery twice: the second insert fails inside the transaction, after the others went in.
    cpSync(bundledDataDir(), scratch, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(scratch, 'lotteries.json'), 'utf8'));
    writeFileSync(join(scratch, 'lotteries.json'), JSON.stringify([...manifest, manifest[0]]));
    await expect(bundled.loadIfEmpty(scratch)).rejects.toThrow();
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
  });

  it('refuses bad bundled data before writing anything', async () => {
    writeFileSync(join(scratch, 'lotteries.json'), readFileSync(join(bundledDataDir(), 'lotteries.json')));
    writeFileSync(join(scratch, 'fr_lotto.csv'), 'date,main,special\n2020-01-01,1 2 3 4 99,1\n');
    await expect(bundled.loadIfEmpty(scratch)).rejects.toThrow(
      /fr_lotto\.csv line 2: Main number 99 is out of range 1-49 for draws from 2008-10-06\. \(1 bad lines\)/,
    );
    expect(await counts()).toEqual({ lotteries: 0, draws: 0 });
    expect(await bundled.loadIfEmpty()).not.toBeNull();
  });
});
