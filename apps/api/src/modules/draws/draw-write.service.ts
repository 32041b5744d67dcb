import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { upsertDrawBatch } from './draw-batch-writer';
import { enqueueDrawEvents } from '../webhooks/webhook-outbox';
import { type StoredDraw, toDrawDto } from './domain/draw-view';
import { validateDrawNumbers } from '../lotteries/domain/lottery-rules';

/**
 * Writes single draws (administration), each validated against the era in force on its date; the catalog is
 * rebuilt before answering, so the writer reads its own write.
 */
@Injectable()
export class DrawWriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /** Creates or replaces the draw; `created` tells which. */
  async put(tag: string, draw: StoredDraw): Promise<{ created: boolean }> {
    const result = await this.dataSource.transaction(async (manager) => {
      const rules = await lockLotteryRules(manager, tag, 'share');
      const problem = validateDrawNumbers(rules, draw.date, draw.main, draw.special);
      if (problem !== null) throw ApiError.badRequest(problem);
      const counts = await upsertDrawBatch(manager, tag, [draw]);
      return { created: counts.inserted === 1 };
    });
    await this.catalog.reload(tag);
    return result;
  }

  /** 404 for an unknown lottery, then for a missing draw. Subscribers hear of it (draw.deleted). */
  async remove(tag: string, date: string): Promise<void> {
    const deleted = await this.dataSource.transaction(async (manager) => {
      // On PostgreSQL, TypeORM answers a DELETE with [rows, affected count].
      const [rows] = await manager.query<[StoredDraw[], number]>(
        `DELETE FROM draws WHERE lottery_tag = $1 AND draw_date = $2
         RETURNING to_char(draw_date, 'YYYY-MM-DD') AS date, main, special`,
        [tag, date],
      );
      await enqueueDrawEvents(
        manager,
        rows.map((draw) => ({ type: 'draw.deleted', lottery: tag, draw: toDrawDto(draw) })),
      );
      return rows.length;
    });
    if (deleted > 0) return this.catalog.reload(tag);
    this.catalog.snapshot(tag); // 404 Lottery not found, before the missing draw
    throw ApiError.notFound(Messages.drawNotFound);
  }
}
