import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Page } from '../../common/pagination/page';
import { upsertDrawBatch } from '../draws/draw-batch-writer';
import { toDrawDto } from '../draws/domain/draw-view';
import { roundsOn, validateDrawNumbers } from '../lotteries/domain/lottery-rules';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lockLotteryRules } from '../lotteries/lottery-lock';
import { type ConflictStatus, DrawConflict } from './draw-conflict.entity';
import type { ConflictDto } from './dto/conflict.dto';
import { isUuid } from '../../common/database/uuid';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/** Conflicts between fetched and stored draws, and their resolution by an administrator. */
@Injectable()
export class ConflictsService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  /** Newest first. */
  async list(page: Page, status?: ConflictStatus): Promise<{ items: DrawConflict[]; total: number }> {
    const [items, total] = await this.dataSource.getRepository(DrawConflict).findAndCount({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return { items: page.limit === 0 ? [] : items, total };
  }

  /**
   * Writes the fetched numbers over the stored draw (the conflict's date and round), through the same checks as
   * every draw write (the rules in force on its date, its rounds included, under the rules' share lock), with the
   * conflict's provenance; the catalog is rebuilt.
   */
  async accept(id: string, deadline: Deadline): Promise<DrawConflict> {
    const conflict = await transactionWithin(this.dataSource, deadline, async (manager) => {
      const found = await this.openConflict(manager, id);
      const rules = await lockLotteryRules(manager, found.lotteryTag, 'share');
      const rounds = roundsOn(rules, found.drawDate);
      const problem =
        found.round > rounds
          ? `${found.drawDate} has ${rounds === 1 ? 'one round' : `${rounds} rounds`} now, not ${found.round}.`
          : validateDrawNumbers(rules, found.drawDate, found.fetchedMain, found.fetchedSpecial);
      if (problem !== null) throw ApiError.badRequest(Messages.conflictNoLongerFits(problem));
      await upsertDrawBatch(
        manager,
        found.lotteryTag,
        [
          {
            date: found.drawDate,
            round: found.round,
            main: found.fetchedMain,
            special: found.fetchedSpecial,
          },
        ],
        { source: found.source, fetchedAt: found.fetchedAt },
        rules,
      );
      return this.resolve(manager, found, 'accepted');
    });
    await this.changes.publish({ type: 'lottery.changed', tag: conflict.lotteryTag });
    return conflict;
  }

  /** Keeps the stored draw; the same fetched numbers will not raise a conflict again. */
  async reject(id: string, deadline: Deadline): Promise<DrawConflict> {
    return transactionWithin(this.dataSource, deadline, async (manager) =>
      this.resolve(manager, await this.openConflict(manager, id), 'rejected'),
    );
  }

  toDto(conflict: DrawConflict): ConflictDto {
    const tag = conflict.lotteryTag;
    // As the draw answers show it: with its round where its era draws several.
    const withRound = this.catalog.has(tag) && this.catalog.snapshot(tag).hasRounds(conflict.drawDate);
    const draw = (main: number[], special: number[]) =>
      toDrawDto({ date: conflict.drawDate, round: conflict.round, main, special }, 'draw', withRound);
    return {
      id: conflict.id,
      lottery: tag,
      stored: draw(conflict.storedMain, conflict.storedSpecial),
      fetched: draw(conflict.fetchedMain, conflict.fetchedSpecial),
      source: conflict.source,
      fetchedAt: conflict.fetchedAt.toISOString(),
      status: conflict.status,
      createdAt: conflict.createdAt.toISOString(),
      resolvedAt: conflict.resolvedAt?.toISOString() ?? null,
    };
  }

  /** The conflict, locked; 404 when unknown (a malformed id included), 409 when already decided. */
  private async openConflict(manager: DataSource['manager'], id: string): Promise<DrawConflict> {
    const conflict = isUuid(id)
      ? await manager
          .getRepository(DrawConflict)
          .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (conflict === null) throw ApiError.notFound(Messages.conflictNotFound);
    if (conflict.status !== 'open') throw ApiError.conflict(Messages.conflictResolved);
    return conflict;
  }

  private async resolve(
    manager: DataSource['manager'],
    conflict: DrawConflict,
    status: ConflictStatus,
  ): Promise<DrawConflict> {
    conflict.status = status;
    conflict.resolvedAt = new Date();
    return manager.getRepository(DrawConflict).save(conflict);
  }
}
