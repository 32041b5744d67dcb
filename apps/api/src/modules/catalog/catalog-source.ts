import type { DataSource } from 'typeorm';
import type { StoredDraw } from '../draws/domain/draw-view';
import type { StoredDrawPrizes } from '../prizes/domain/draw-prizes';
import { LOTTERY_COLUMNS, type LotteryRow } from '../lotteries/domain/lottery-record';
import type { SourceStatus } from '../lotteries/domain/freshness-header';
import type { LotteryColumns } from './lottery-snapshot';

/** A lottery's draws as one JSON text: `[date, round, main, special]` each, newest first. */
interface DrawsRow {
  lottery_tag: string;
  draws: string;
}
type DrawTuple = [date: string, round: number, main: number[], special: number[]];

interface PrizesRow {
  lottery_tag: string;
  draw_date: string;
  round: number;
  currency: string;
  jackpot: StoredDrawPrizes['jackpot'];
  divisions: StoredDrawPrizes['divisions'];
  next: StoredDrawPrizes['next'];
  source: string;
  updated_at: string;
}

export interface LotterySource {
  columns: LotteryColumns;
  /** Newest first: by date, then round, descending. */
  draws: StoredDraw[];
  prizes: StoredDrawPrizes[];
  /** Its draw source's state, for X-Lottery-Freshness (`none` without an enabled source). */
  sourceStatus: SourceStatus;
}

/**
 * What the catalog is built from: the lotteries (all, or one), their draws newest first and what the draws paid,
 * from PostgreSQL.
 */
export async function readLotteries(dataSource: DataSource, tag?: string): Promise<LotterySource[]> {
  const where = tag === undefined ? '' : 'WHERE tag = $1';
  const params = tag === undefined ? [] : [tag];
  const lotteries = await dataSource.query<LotteryRow[]>(
    `SELECT ${LOTTERY_COLUMNS} FROM lotteries ${where}`,
    params,
  );
  // One JSON text a lottery rather than a row a draw: the driver's per-row and per-array parsing took twice as long
  // as PostgreSQL's aggregate and JSON.parse (tens of thousands of draws at every start), and parsed arrays come
  // without the spare room the driver's pushed arrays keep. A date in JSON is ISO 8601 whatever the DateStyle, and
  // costs the engine less than to_char (measured: the query 390 → 350 ms on the embedded engine).
  const draws = await dataSource.query<DrawsRow[]>(
    `SELECT lottery_tag,
            json_agg(json_build_array(draw_date, round, main, special)
                     ORDER BY draw_date DESC, round DESC)::text AS draws
       FROM draws ${where.replace('tag', 'lottery_tag')}
      GROUP BY lottery_tag`,
    params,
  );
  const prizes = await dataSource.query<PrizesRow[]>(
    `SELECT lottery_tag, to_char(draw_date, 'YYYY-MM-DD') AS draw_date, round, currency, jackpot, divisions, next,
            source, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM draw_prizes ${where.replace('tag', 'lottery_tag')}`,
    params,
  );
  // The source's state as the last attempt left it: a few rows; a change of it announces lottery.changed.
  const sources = await dataSource.query<{ lottery_tag: string; failing: boolean }[]>(
    `SELECT lottery_tag, consecutive_failures > 0 AS failing FROM draw_sources
      WHERE enabled ${where.replace('WHERE tag', 'AND lottery_tag')}`,
    params,
  );
  const sourceByTag = new Map(
    sources.map((row) => [row.lottery_tag, row.failing ? 'failing' : 'ok'] as const),
  );
  const drawsByTag = new Map<string, StoredDraw[]>();
  for (const row of draws)
    drawsByTag.set(
      row.lottery_tag,
      // Round 1 (every single-round draw) is left implicit: a bundled history costs no extra field per draw.
      (JSON.parse(row.draws) as DrawTuple[]).map(([date, round, main, special]) =>
        round === 1 ? { date, main, special } : { date, round, main, special },
      ),
    );
  const prizesByTag = new Map<string, StoredDrawPrizes[]>();
  for (const row of prizes) {
    let list = prizesByTag.get(row.lottery_tag);
    if (!list) prizesByTag.set(row.lottery_tag, (list = []));
    list.push({
      date: row.draw_date,
      ...(row.round === 1 ? {} : { round: row.round }),
      currency: row.currency,
      jackpot: row.jackpot,
      divisions: row.divisions,
      next: row.next,
      source: row.source,
      updatedAt: row.updated_at,
    });
  }
  return lotteries.map((row) => ({
    columns: {
      tag: row.tag,
      name: row.name,
      country: row.country,
      timezone: row.timezone,
      specialName: row.special_name,
      rules: row.rules,
      drawOrder: row.draw_order,
      source: row.source,
      operator: row.operator,
      terms: row.terms,
      schedule: row.schedule,
      retiredOn: row.retired_on,
    },
    draws: drawsByTag.get(row.tag) ?? [],
    prizes: prizesByTag.get(row.tag) ?? [],
    sourceStatus: sourceByTag.get(row.tag) ?? 'none',
  }));
}
