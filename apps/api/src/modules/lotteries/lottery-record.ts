import type { RuleEra } from '../draws/domain/lottery-rules';

/** A lottery with its derived draw figures, as the queries return it. */
export interface LotteryRecord {
  tag: string;
  name: string;
  country: string;
  timezone: string;
  specialName: string | null;
  rules: RuleEra[];
  drawOrder: boolean;
  source: string | null;
  drawCount: number;
  firstDraw: string | null;
  lastDraw: string | null;
}

/** The columns of `lotteries` plus the draw aggregate, aliased for `toLotteryRecord`. */
export interface LotteryRow {
  tag: string;
  name: string;
  country: string;
  timezone: string;
  special_name: string | null;
  rules: RuleEra[];
  draw_order: boolean;
  source: string | null;
  draw_count: number;
  first_draw: string | null;
  last_draw: string | null;
}

/**
 * One lottery row with its draw figures. The lateral aggregate runs on the (lottery_tag, draw_date) primary key,
 * so it costs one index range scan per lottery of the page.
 */
export const LOTTERY_SELECT = `
  SELECT l.tag, l.name, l.country, l.timezone, l.special_name, l.rules, l.draw_order, l.source,
         s.draw_count, s.first_draw, s.last_draw
  FROM lotteries l
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS draw_count, min(d.draw_date) AS first_draw, max(d.draw_date) AS last_draw
    FROM draws d WHERE d.lottery_tag = l.tag
  ) s`;

export function toLotteryRecord(row: LotteryRow): LotteryRecord {
  return {
    tag: row.tag,
    name: row.name,
    country: row.country,
    timezone: row.timezone,
    specialName: row.special_name,
    rules: row.rules,
    drawOrder: row.draw_order,
    source: row.source,
    drawCount: Number(row.draw_count),
    firstDraw: row.first_draw,
    lastDraw: row.last_draw,
  };
}
