import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { envelope, pageOf, type Page } from '../../common/pagination/page';
import type { PageQueryDto } from '../../common/pagination/page-query.dto';
import { LOTTERY_SELECT, LotteryRecord, LotteryRow, toLotteryRecord } from './lottery-record';
import { toLotteryDto } from './lottery-view';

/** Reads lotteries with their derived draw figures. */
@Injectable()
export class LotteryQueryService {
  constructor(private readonly dataSource: DataSource) {}

  /** A page ordered by tag; the list query is skipped when the page cannot hold anything. */
  async list(page: Page): Promise<{ items: LotteryRecord[]; total: number }> {
    const [{ total }] = await this.dataSource.query<{ total: number }[]>(
      'SELECT count(*)::int AS total FROM lotteries',
    );
    if (page.limit === 0 || page.offset >= total) return { items: [], total };
    // COLLATE "C": byte order, so '_' and '-' sort the same on every server locale and on the embedded engine.
    const rows = await this.dataSource.query<LotteryRow[]>(
      `${LOTTERY_SELECT} ORDER BY l.tag COLLATE "C" LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    return { items: rows.map(toLotteryRecord), total };
  }

  /** Every lottery (for the command-line tool; there are tens, not thousands). */
  async listAll(): Promise<LotteryRecord[]> {
    const rows = await this.dataSource.query<LotteryRow[]>(`${LOTTERY_SELECT} ORDER BY l.tag COLLATE "C"`);
    return rows.map(toLotteryRecord);
  }

  /** The lottery, or 404 `Lottery not found.` */
  async get(tag: string): Promise<LotteryRecord> {
    const rows = await this.dataSource.query<LotteryRow[]>(`${LOTTERY_SELECT} WHERE l.tag = $1`, [tag]);
    if (rows.length === 0) throw ApiError.notFound(Messages.lotteryNotFound);
    return toLotteryRecord(rows[0]);
  }

  async exists(tag: string): Promise<boolean> {
    const rows = await this.dataSource.query('SELECT 1 FROM lotteries WHERE tag = $1', [tag]);
    return rows.length > 0;
  }

  /** 404 `Lottery not found.` unless the lottery exists. */
  async requireExists(tag: string): Promise<void> {
    if (!(await this.exists(tag))) throw ApiError.notFound(Messages.lotteryNotFound);
  }

  /** The envelope of lotteries for a page query (metered catalogue and admin list alike). */
  async page(query: PageQueryDto, now: Date) {
    const page = pageOf(query);
    const { items, total } = await this.list(page);
    return envelope(
      'lotteries',
      page,
      items.map((item) => toLotteryDto(item, now)),
      total,
    );
  }
}
