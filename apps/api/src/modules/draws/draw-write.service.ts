import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { enqueueDrawEvents } from '../webhooks/webhook-outbox';
import { type StoredDraw, toDrawDto } from './domain/draw-view';
import { roundsOn } from '../lotteries/domain/lottery-rules';
import { writeDraws } from './write-draws.usecase';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/**
 * Writes single draws (administration) through writeDraws, each validated against the era in force on its date
 * (a 400 if it does not fit); the catalog is rebuilt before answering, so the writer reads its own write.
 */
@Injectable()
export class DrawWriteService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /** Creates or replaces the draw (its round: 1 unless given); `created` tells which, `withRound` how to show it. */
  async put(
    tag: string,
    draw: StoredDraw,
    deadline: Deadline,
  ): Promise<{ created: boolean; withRound: boolean }> {
    const written = await writeDraws(
      { dataSource: this.dataSource, changes: this.changes },
      tag,
      [draw],
      { origin: 'administrator', provenance: null, invalid: 'throw', publish: 'always' },
      deadline,
    );
    return { created: written.inserted === 1, withRound: roundsOn(written.rules, draw.date) > 1 };
  }

  /**
   * Deletes one round of a date (1 unless told), with what it paid. 404 for an unknown lottery, then for a missing
   * draw. Subscribers hear of it (draw.deleted).
   */
  async remove(tag: string, date: string, round: number, deadline: Deadline): Promise<void> {
    const deleted = await transactionWithin(this.dataSource, deadline, async (manager) => {
      // On PostgreSQL, TypeORM answers a DELETE with [rows, affected count].
      const [rows] = await manager.query<[StoredDraw[], number]>(
        `DELETE FROM draws WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3
         RETURNING to_char(draw_date, 'YYYY-MM-DD') AS date, round, main, special`,
        [tag, date, round],
      );
      const rules = rows.length > 0 ? this.catalog.snapshot(tag).record.rules : [];
      await enqueueDrawEvents(
        manager,
        rows.map((draw) => ({
          type: 'draw.deleted',
          lottery: tag,
          draw: toDrawDto(draw, 'draw', roundsOn(rules, draw.date) > 1),
        })),
      );
      return rows.length;
    });
    if (deleted > 0) return this.changes.publish({ type: 'lottery.changed', tag });
    this.catalog.snapshot(tag); // 404 Lottery not found, before the missing draw
    throw ApiError.notFound(Messages.drawNotFound);
  }
}
