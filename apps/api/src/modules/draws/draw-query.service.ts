import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Page } from '../../common/pagination/page';
import { LotteryQueryService } from '../lotteries/lottery-query.service';
import { DRAW_COLUMNS, DrawRow, toStoredDraw } from './draw-rows';
import type { StoredDraw } from './draw-view';

export interface DrawRange {
  from?: string;
  to?: string;
}

/**
 * Reads draws. Every query walks the (lottery_tag, draw_date) primary key: newest-first pages are a backward
 * index scan, and a date range is an index range.
 */
@Injectable()
export class DrawQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lotteries: LotteryQueryService,
  ) {}

  /** A newest-first page; unknown lottery → 404. The list query is skipped when the page cannot hold anything. */
  async search(tag: string, range: DrawRange, page: Page): Promise<{ items: StoredDraw[]; total: number }> {
    const params: unknown[] = [tag];
    let where = 'lottery_tag = $1';
    if (range.from !== undefined) where += ` AND draw_date >= $${params.push(range.from)}`;
    if (range.to !== undefined) where += ` AND draw_date <= $${params.push(range.to)}`;

    // One round trip answers both "does the lottery exist" and the total.
    const [{ found, total }] = await this.dataSource.query<{ found: boolean; total: number }[]>(
      `SELECT EXISTS (SELECT 1 FROM lotteries WHERE tag = $1) AS found,
              (SELECT count(*)::int FROM draws WHERE ${where}) AS total`,
      params,
    );
    if (!found) throw ApiError.notFound(Messages.lotteryNotFound);
    if (page.limit === 0 || page.offset >= total) return { items: [], total };

    const rows = await this.dataSource.query<DrawRow[]>(
      `SELECT ${DRAW_COLUMNS} FROM draws WHERE ${where}
       ORDER BY draw_date DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.limit, page.offset],
    );
    return { items: rows.map(toStoredDraw), total };
  }

  /** The most recent draw; 404 for an unknown lottery, then for a lottery without draws. */
  async latest(tag: string): Promise<StoredDraw> {
    const rows = await this.dataSource.query<DrawRow[]>(
      `SELECT ${DRAW_COLUMNS} FROM draws WHERE lottery_tag = $1 ORDER BY draw_date DESC LIMIT 1`,
      [tag],
    );
    return this.oneOrNotFound(tag, rows);
  }

  async onDate(tag: string, date: string): Promise<StoredDraw> {
    const rows = await this.dataSource.query<DrawRow[]>(
      `SELECT ${DRAW_COLUMNS} FROM draws WHERE lottery_tag = $1 AND draw_date = $2`,
      [tag, date],
    );
    return this.oneOrNotFound(tag, rows);
  }

  // A found draw proves the lottery exists (foreign key), so the lottery is only looked up on a miss.
  private async oneOrNotFound(tag: string, rows: DrawRow[]): Promise<StoredDraw> {
    if (rows.length > 0) return toStoredDraw(rows[0]);
    await this.lotteries.requireExists(tag);
    throw ApiError.notFound(Messages.drawNotFound);
  }
}
