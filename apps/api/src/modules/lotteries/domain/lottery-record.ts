import type { RuleEra } from './lottery-rules';
import type { DrawSchedule } from './draw-schedule';

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
  /** Who runs the game, short; null when not recorded. */
  operator: string | null;
  /** The terms under which the shipped source publishes ('none found' where none were found); null when not recorded. */
  terms: string | null;
  schedule: DrawSchedule | null;
  /** The date the game ended; null while it is played. */
  retiredOn: string | null;
  drawCount: number;
  firstDraw: string | null;
  lastDraw: string | null;
}

/** A `lotteries` row as the queries select it (LOTTERY_COLUMNS). */
export interface LotteryRow {
  tag: string;
  name: string;
  country: string;
  timezone: string;
  special_name: string | null;
  rules: RuleEra[];
  draw_order: boolean;
  source: string | null;
  operator: string | null;
  terms: string | null;
  schedule: DrawSchedule | null;
  retired_on: string | null;
}

export const LOTTERY_COLUMNS =
  'tag, name, country, timezone, special_name, rules, draw_order, source, operator, terms, schedule, retired_on';
