import type { StoredDraw } from './domain/draw-view';

/** A `draws` row as the queries select it. */
export interface DrawRow {
  draw_date: string;
  main: number[];
  special: number[];
}

export const DRAW_COLUMNS = 'draw_date, main, special';

export function toStoredDraw(row: DrawRow): StoredDraw {
  return { date: row.draw_date, main: row.main, special: row.special };
}
