import { DataSource, QueryRunner } from 'typeorm';
import { DrawSchedules1795700000000 } from '../src/database/migrations/1795700000000-draw-schedules';
import { DrawIngestion1795800000000 } from '../src/database/migrations/1795800000000-draw-ingestion';
import { DRAW_SCHEDULES_1795700000000 } from '../src/database/migrations/data/1795700000000-draw-schedules';
import { SourceFallbacks1796830000000 } from '../src/database/migrations/1796830000000-source-fallbacks';
import { OperatorSources1796850000000 } from '../src/database/migrations/1796850000000-operator-sources';
import { DRAW_INGESTION_1795800000000 } from '../src/database/migrations/data/1795800000000-draw-ingestion';
import { OPERATOR_SOURCES_1796850000000 } from '../src/database/migrations/data/1796850000000-operator-sources';
import {
  EUROJACKPOT_PRIZES_1796960000000,
  EurojackpotPrizes1796960000000,
} from '../src/database/migrations/1796960000000-eurojackpot-prizes';
import { bundledDataDir, loadBundledLotteries } from '../src/modules/draws/domain/bundled-lotteries';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Migrations 1795700000000 (draw schedules) and 1795800000000 (draw ingestion) give a database loaded before issue
 * 11 the bundled lotteries' calendars and the two US sources from frozen copies (migrations/data); 1796850000000
 * (issue 31) gives it the sources of the other lotteries and the US fallbacks. Today those copies say what
 * lotteries.json says. Should lotteries.json change a calendar or a source later, the first test fails: the frozen
 * copies stay as they are (a migration does the same thing forever), and this expectation is what to revisit.
 */
/**
 * The lotteries bundled when these migrations were written: they know no other (one added to the bundle since is
 * loaded with its calendar and source, and never went through them).
 */
const FROZEN_TAGS = new Set(DRAW_SCHEDULES_1795700000000.map(({ tag }) => tag));
/** A bundled mapping as the frozen copies hold it: Eurojackpot's without the prizes a later migration adds. */
const beforePrizes = <M extends { prizes?: unknown } | null>(tag: string, mapping: M): M => {
  if (tag !== 'eu_eurojackpot' || mapping === null) return mapping;
  const { prizes: _added, ...rest } = mapping;
  return rest as M;
};
const bundled = loadBundledLotteries(bundledDataDir()).filter(({ tag }) => FROZEN_TAGS.has(tag));
const bundledSchedules = bundled.map(({ tag, schedule }) => ({ tag, schedule }));
const bundledSources = bundled
  .filter((lottery) => lottery.sync !== null)
  .map(({ tag, sync }) => ({ tag, adapter: sync!.adapter, url: sync!.url, mapping: sync!.mapping }));

describe('migrations 1795700000000 and 1795800000000: frozen draw calendars and sources', () => {
  it('the frozen copies hold what the bundled lotteries.json says today, byte for byte as the migrations send it', () => {
    expect(DRAW_SCHEDULES_1795700000000).toEqual(bundledSchedules);
    // The US sources of issue 11 are unchanged; issue 31's migration holds every source as it ships now.
    expect(DRAW_INGESTION_1795800000000).toEqual(
      bundledSources.filter((source) =>
        DRAW_INGESTION_1795800000000.some((frozen) => frozen.tag === source.tag),
      ),
    );
    expect(
      OPERATOR_SOURCES_1796850000000.filter((lottery) => lottery.sync !== null).map(({ tag, sync }) => ({
        tag,
        adapter: sync!.adapter,
        url: sync!.url,
        mapping: sync!.mapping,
        fallbacks: sync!.fallbacks,
      })),
    ).toEqual(
      bundled
        .filter((lottery) => lottery.sync !== null)
        .map(({ tag, sync }) => ({
          tag,
          adapter: sync!.adapter,
          url: sync!.url,
          mapping: beforePrizes(tag, sync!.mapping),
          fallbacks: sync!.fallbacks,
        })),
    );
    // …but for the prizes Eurojackpot's source reads since migration 1796960000000, which adds exactly these.
    const eurojackpot = bundled.find(({ tag }) => tag === 'eu_eurojackpot')!;
    expect(eurojackpot.sync!.mapping!.prizes).toEqual(EUROJACKPOT_PRIZES_1796960000000);
    // The migrations send JSON.stringify of these values; the runtime loader's output (what they sent before) too.
    expect(DRAW_SCHEDULES_1795700000000.map((s) => JSON.stringify(s.schedule))).toEqual(
      bundledSchedules.map((s) => JSON.stringify(s.schedule)),
    );
  });

  describe('on a database migrated and loaded today', () => {
    let app: TestApp;
    let runner: QueryRunner;

    beforeAll(async () => {
      app = await createTestApp();
      // One connection for all of it (the embedded engine's pool is small).
      runner = app.running.app.get(DataSource).createQueryRunner();
    });
    afterAll(async () => {
      await runner?.release();
      await app?.close();
    });

    const frozen = [...FROZEN_TAGS];
    const schedules = async () =>
      (await runner.query(`SELECT tag, schedule FROM lotteries WHERE tag = ANY($1) ORDER BY tag`, [
        frozen,
      ])) as unknown[];
    const sources = async () =>
      (await runner.query(
        `SELECT lottery_tag AS tag, adapter, url, mapping FROM draw_sources WHERE lottery_tag = ANY($1)
          ORDER BY lottery_tag`,
        [frozen],
      )) as unknown[];
    const byTag = <T extends { tag: string }>(rows: T[]) =>
      [...rows].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));

    it('has the calendars and sources of the bundled data', async () => {
      expect(await schedules()).toEqual(byTag(bundledSchedules));
      expect(await sources()).toEqual(byTag(bundledSources));
    });

    it('gets the same rows from the two migrations when its lotteries were loaded before them', async () => {
      const ingestion = new DrawIngestion1795800000000();
      const drawSchedules = new DrawSchedules1795700000000();
      const fallbacks = new SourceFallbacks1796830000000();
      const operatorSources = new OperatorSources1796850000000();
      const before = { schedules: await schedules(), sources: await sources() };
      // Back to the shape before issue 11 (no schedule column, no draw_sources) and forward again, issue 31's
      // sources included, all rolled back.
      await runner.startTransaction();
      try {
        await operatorSources.down(runner);
        await ingestion.down(runner);
        await drawSchedules.down(runner);
        await drawSchedules.up(runner);
        await ingestion.up(runner);
        await fallbacks.up(runner);
        await operatorSources.up(runner);
        await new EurojackpotPrizes1796960000000().up(runner);
        expect(await schedules()).toEqual(before.schedules);
        expect(await sources()).toEqual(before.sources);
      } finally {
        await runner.rollbackTransaction();
      }
      expect(await schedules()).toEqual(before.schedules);
    });
  });
});
