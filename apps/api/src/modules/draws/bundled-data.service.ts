import { Injectable, Logger } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DataSource, EntityManager } from 'typeorm';
import { batchesOf, insertDrawBatch } from './draw-batch-writer';
import type { StoredDraw } from './domain/draw-view';
import { bundledDataDir, BundledLottery, loadBundledLotteries } from './domain/bundled-lotteries';
import { parseDrawCsv } from './domain/draw-csv';
import { prizeDivisionsOn, roundProblem, validateDrawNumbers } from '../lotteries/domain/lottery-rules';
import { type PrizesInput, prizesProblem, readPrizeColumns } from '../prizes/domain/prize-input';
import { upsertPrizesBatch } from '../prizes/prize-batch-writer';

export interface BundledLoadReport {
  lotteries: number;
  draws: number;
  ms: number;
}

/** Any constant distinct from the migration lock: instances starting together load the data exactly once. */
const BUNDLED_DATA_LOCK_ID = 7_340_113;

/** The bundled prize tables: data/prizes beside data/draws (see apps/api/data/prizes/README.md). */
const prizesDirOf = (drawsDir: string): string => join(drawsDir, '..', 'prizes');

/**
 * Seeds the database with the lotteries and draw histories shipped in data/draws: all of them into an empty
 * database, and into one that holds lotteries, each bundled lottery it has never been offered (one added to the
 * bundle since), once.
 */
@Injectable()
export class BundledDataService {
  private readonly logger = new Logger('BundledData');

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Loads, in one transaction (a crash leaves nothing half-loaded), every bundled lottery when the database holds
   * none, otherwise those never offered to it (bundled_lotteries_offered) whose tag is free; marks them offered and
   * reports what it loaded, or returns null when there was nothing to load. A lottery an administrator deleted stays
   * deleted; one they created under a bundled tag is left as it is.
   */
  async loadNew(dataDir: string = bundledDataDir()): Promise<BundledLoadReport | null> {
    const offered = await this.offeredTags(this.dataSource.manager);
    const bundled = loadBundledLotteries(dataDir);
    if (offered !== null && bundled.every((lottery) => offered.has(lottery.tag))) return null;
    const started = performance.now();
    // Files are read and checked before the transaction opens, so it stays as short as the writes.
    const bundle = readBundle(bundled);
    const loaded = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [BUNDLED_DATA_LOCK_ID]);
      // Another instance may have loaded the data while this one waited for the lock.
      const seen = await this.offeredTags(manager);
      const present = new Set(
        (await manager.query<{ tag: string }[]>('SELECT tag FROM lotteries')).map((row) => row.tag),
      );
      const wanted = bundle.filter(
        ({ lottery }) => seen === null || (!seen.has(lottery.tag) && !present.has(lottery.tag)),
      );
      for (const { lottery } of wanted) await insertLottery(manager, lottery);
      for (const batch of batchesOf(
        wanted.flatMap(({ lottery, draws }) => draws.map((d) => ({ ...d, tag: lottery.tag }))),
      )) {
        await insertDrawBatch(manager, batch);
      }
      await manager.query(
        `INSERT INTO bundled_lotteries_offered (tag) SELECT unnest($1::varchar[]) ON CONFLICT (tag) DO NOTHING`,
        [bundle.map(({ lottery }) => lottery.tag)],
      );
      return wanted;
    });
    if (loaded.length === 0) return null;
    await this.loadPrizes(dataDir);

    const ms = Math.max(1, Math.round(performance.now() - started));
    const draws = loaded.reduce((sum, { draws }) => sum + draws.length, 0);
    const rate = Math.round((draws * 1000) / ms);
    this.logger.log(`Loaded ${draws} draws of ${loaded.length} lotteries in ${ms} ms (${rate} draws/s)`);
    return { lotteries: loaded.length, draws, ms };
  }

  /** The bundled tags this database has been offered; null when it holds no lottery (it gets the whole bundle). */
  private async offeredTags(manager: EntityManager): Promise<Set<string> | null> {
    if (!(await hasLotteries(manager))) return null;
    const rows = await manager.query<{ tag: string }[]>('SELECT tag FROM bundled_lotteries_offered');
    return new Set(rows.map((row) => row.tag));
  }

  /**
   * Stores the bundled prize tables of every bundled lottery that has none stored yet (a new database, or one loaded
   * before prizes were bundled), for the draws it holds; nothing is announced to webhooks (history, not news). A
   * lottery whose prizes an administrator has written or deleted one by one keeps them as they are, unless none is
   * left. Returns how many draws got their prizes.
   */
  async loadPrizes(dataDir: string = bundledDataDir()): Promise<number> {
    const dir = prizesDirOf(dataDir);
    let stored = 0;
    for (const lottery of loadBundledLotteries(dataDir)) {
      const path = join(dir, `${lottery.tag}.csv`);
      if (!existsSync(path)) continue;
      const [row] = await this.dataSource.query<{ rules: BundledLottery['rules'] }[]>(
        `SELECT rules FROM lotteries l WHERE tag = $1
            AND NOT EXISTS (SELECT 1 FROM draw_prizes p WHERE p.lottery_tag = l.tag)`,
        [lottery.tag],
      );
      if (!row) continue;
      const prizes = readBundledPrizes(path, row.rules);
      stored += await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [BUNDLED_DATA_LOCK_ID]);
        const [{ none }] = await manager.query<{ none: boolean }[]>(
          'SELECT NOT EXISTS (SELECT 1 FROM draw_prizes WHERE lottery_tag = $1) AS none',
          [lottery.tag],
        );
        if (!none) return 0;
        let written = 0;
        for (const batch of batchesOf(prizes))
          written += (await upsertPrizesBatch(manager, lottery.tag, batch, row.rules, { announce: false }))
            .written;
        return written;
      });
    }
    if (stored > 0) this.logger.log(`Stored the bundled prizes of ${stored} draws`);
    return stored;
  }
}

/** A bundled prize file, each row checked against the prize structure of its date; throws on any bad row. */
function readBundledPrizes(path: string, rules: BundledLottery['rules']): PrizesInput[] {
  const records = parse(readFileSync(path, 'utf8'), {
    bom: true,
    trim: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header, ...rows] = records;
  const columns = header.map((name) => name.toLowerCase());
  return rows.map((cells, i) => {
    const cell = (name: string): string | undefined => {
      const at = columns.indexOf(name);
      return at < 0 ? undefined : cells[at];
    };
    const date = cell('date') ?? '';
    const round = Number(cell('round') || '1');
    const read = readPrizeColumns(cell, columns, date, round, `bundle ${path}`);
    const problem =
      read === null
        ? 'no prizes'
        : 'problem' in read
          ? read.problem
          : prizesProblem(read.value, prizeDivisionsOn(rules, date));
    if (problem !== null || read === null || 'problem' in read)
      throw new Error(`${path} data row ${i + 1} (${date}): ${problem}`);
    return read.value;
  });
}

async function hasLotteries(manager: EntityManager): Promise<boolean> {
  const rows = await manager.query('SELECT 1 FROM lotteries LIMIT 1');
  return rows.length > 0;
}

/** The bundled lotteries with their draws; throws on any bad line, since bad seed data must stop start-up. */
function readBundle(lotteries: BundledLottery[]): { lottery: BundledLottery; draws: StoredDraw[] }[] {
  return lotteries.map((lottery) => {
    const { rows, errors } = parseDrawCsv(readFileSync(lottery.csvPath, 'utf8'));
    const problems = [
      ...errors,
      ...rows
        .map((row) => ({
          line: row.line,
          message:
            validateDrawNumbers(lottery.rules, row.date, row.main, row.special) ??
            roundProblem(lottery.rules, row.date, row.round ?? 1, 'row'),
        }))
        .filter((p) => p.message !== null),
    ];
    if (problems.length > 0) {
      const first = problems[0];
      throw new Error(
        `${lottery.csvPath} line ${first.line}: ${first.message} (${problems.length} bad lines)`,
      );
    }
    return {
      lottery,
      // A row's round (Skandináv lottó's two draws a date) is kept; round 1 stays implicit, as everywhere.
      draws: rows.map(({ date, round, main, special }) =>
        round === undefined || round === 1 ? { date, main, special } : { date, round, main, special },
      ),
    };
  });
}

async function insertLottery(manager: EntityManager, lottery: BundledLottery): Promise<void> {
  await manager.query(
    `INSERT INTO lotteries (tag, name, country, timezone, special_name, rules, draw_order, source, schedule,
       provenance, retired_on, operator, terms)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12, $13)`,
    [
      lottery.tag,
      lottery.name,
      lottery.country,
      lottery.timezone,
      lottery.specialName,
      JSON.stringify(lottery.rules),
      lottery.drawOrder,
      lottery.source,
      JSON.stringify(lottery.schedule),
      // The licence travels with the provenance: attribution is a condition of reusing the data.
      `${lottery.history} (licence: ${lottery.license})`,
      lottery.retiredOn,
      lottery.operator,
      lottery.terms,
    ],
  );
  if (lottery.sync !== null) await insertSource(manager, lottery.tag, lottery.sync);
}

/** The lottery's draw source (ingestion), shipped with the bundled data; a database loaded earlier gets it by migration. */
export async function insertSource(
  manager: EntityManager,
  tag: string,
  sync: NonNullable<BundledLottery['sync']>,
): Promise<void> {
  await manager.query(
    `INSERT INTO draw_sources (lottery_tag, adapter, url, mapping, fallbacks)
     SELECT $1::varchar, $2, $3, $4::jsonb, $5::jsonb WHERE EXISTS (SELECT 1 FROM lotteries WHERE tag = $1::varchar)
     ON CONFLICT (lottery_tag) DO NOTHING`,
    [
      tag,
      sync.adapter,
      sync.url,
      sync.mapping === null ? null : JSON.stringify(sync.mapping),
      JSON.stringify(sync.fallbacks),
    ],
  );
}
