import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { prizeDivisionsOn } from '../lotteries/domain/lottery-rules';
import { prizesProblem, readPrizesBody } from './domain/prize-input';
import { upsertPrizesBatch } from './prize-batch-writer';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/**
 * Administrators' writes of what one draw paid (contract section 10), validated against the prize structure in
 * force on its date; the catalog is rebuilt before answering, so the writer reads its own write.
 */
@Injectable()
export class PrizeWriteService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /** Stores or replaces the prizes; `created` tells which. 404s: the lottery, then the draw. */
  async put(
    tag: string,
    date: string,
    round: number,
    body: unknown,
    deadline: Deadline,
  ): Promise<{ created: boolean; json: string }> {
    const read = readPrizesBody(body, date, round);
    if ('problem' in read) throw ApiError.badRequest(read.problem);
    const created = await transactionWithin(this.dataSource, deadline, async (manager) => {
      const rules = await lockLotteryRules(manager, tag, 'share');
      const [existing] = await manager.query<{ prizes: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM draw_prizes p WHERE p.lottery_tag = d.lottery_tag
                          AND p.draw_date = d.draw_date AND p.round = d.round) AS prizes
           FROM draws d WHERE d.lottery_tag = $1 AND d.draw_date = $2 AND d.round = $3`,
        [tag, date, round],
      );
      if (!existing) throw ApiError.notFound(Messages.drawNotFound);
      const problem = prizesProblem(read.value, prizeDivisionsOn(rules, date));
      if (problem !== null) throw ApiError.badRequest(problem);
      await upsertPrizesBatch(manager, tag, [read.value], rules);
      return !existing.prizes;
    });
    await this.changes.publish({ type: 'lottery.changed', tag });
    return { created, json: this.catalog.prizesJsonOf(tag, date, round) };
  }

  /** 404s: the lottery, the draw, then its prizes. */
  async remove(tag: string, date: string, round: number, deadline: Deadline): Promise<void> {
    const snapshot = this.catalog.snapshot(tag);
    // In a transaction of its own so that a request given up on (408, 503) does not delete afterwards.
    const deleted = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.query<[unknown[], number]>(
        'DELETE FROM draw_prizes WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3 RETURNING 1',
        [tag, date, round],
      ),
    );
    if (deleted[1] > 0) return this.changes.publish({ type: 'lottery.changed', tag });
    const draws = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM draws WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3',
      [snapshot.record.tag, date, round],
    );
    throw ApiError.notFound(draws.length === 0 ? Messages.drawNotFound : Messages.prizesNotFound);
  }
}
