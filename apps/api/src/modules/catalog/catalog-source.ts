import type { DataSource } from 'typeorm';
import type { StoredDraw } from '../draws/domain/draw-view';
import { LOTTERY_COLUMNS, type LotteryRow } from '../lotteries/domain/lottery-record';
import type { LotteryColumns } from './lottery-snapshot';

interface DrawRow {
  lottery_tag: string;
  draw_date: string;
  main: number[];
  special: number[];
}

/** What the catalog is built from: the lotteries (all, or one) and their draws, newest first, from PostgreSQL. */
export async function readLotteries(
  dataSource: DataSource,
  tag?: string,
): Promise<{ columns: LotteryColumns; draws: StoredDraw[] }[]> {
  const where = tag === undefined ? '' : 'WHERE tag = $1';
  const params = tag === undefined ? [] : [tag];
  const lotteries = await dataSource.query<LotteryRow[]>(
    `SELECT ${LOTTERY_COLUMNS} FROM lotteries ${where}`,
    params,
  );
  const draws = await dataSource.query<DrawRow[]>(
    `SELECT lottery_tag, draw_date, main, special FROM draws ${where.replace('tag', 'lottery_tag')}
     ORDER BY lottery_tag, draw_date DESC`,
    params,
  );
  const drawsByTag = new Map<string, StoredDraw[]>();
  for (const row of draws) {
    let list = drawsByTag.get(row.lottery_tag);
    if (!list) drawsByTag.set(row.lottery_tag, (list = []));
    list.push({ date: row.draw_date, main: row.main, special: row.special });
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
      schedule: row.schedule,
    },
    draws: drawsByTag.get(row.tag) ?? [],
  }));
}
