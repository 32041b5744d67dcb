import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { LotteryQueryService } from '../lotteries/lottery-query.service';
import { upsertDrawBatch } from './draw-batch-writer';
import type { StoredDraw } from './draw-view';
import { validateDrawNumbers } from './domain/lottery-rules';

/** Writes single draws (administration), each validated against the era in force on its date. */
@Injectable()
export class DrawWriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lotteries: LotteryQueryService,
  ) {}

  /** Creates or replaces the draw; `created` tells which. */
  async put(tag: string, draw: StoredDraw): Promise<{ created: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const rules = await lockLotteryRules(manager, tag, 'share');
      const problem = validateDrawNumbers(rules, draw.date, draw.main, draw.special);
      if (problem !== null) throw ApiError.badRequest(problem);
      const counts = await upsertDrawBatch(manager, tag, [draw]);
      return { created: counts.inserted === 1 };
    });
  }

  /** 404 for an unknown lottery, then for a missing draw. */
  async remove(tag: string, date: string): Promise<void> {
    // On PostgreSQL, TypeORM answers a DELETE with [rows, affected count].
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      'DELETE FROM draws WHERE lottery_tag = $1 AND draw_date = $2',
      [tag, date],
    );
    if (affected > 0) return;
    await this.lotteries.requireExists(tag);
    throw ApiError.notFound(Messages.drawNotFound);
  }
}
