import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { OutboundPolicy } from '../../common/net/outbound-policy';
import type { Page } from '../../common/pagination/page';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { lotteryFreshness } from '../lotteries/domain/lottery-view';
import { DrawSource } from './draw-source.entity';
import type { DrawSourceDto } from './dto/draw-source.dto';
import type { PutSourceDto } from './dto/put-source.dto';
import type { SyncStateDto } from './dto/sync-state.dto';
import { parseSourceConfig, sourcePolicy } from './domain/source-config';
import { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/** Sources as administrators configure them, and their sync state. */
@Injectable()
export class SourcesService {
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.policy = sourcePolicy(settings);
  }

  private get repository() {
    return this.dataSource.getRepository(DrawSource);
  }

  /** The lottery's source: 404 for an unknown lottery, or one without a source. */
  async one(tag: string): Promise<DrawSource> {
    const source = await this.repository.findOneBy({ lotteryTag: tag });
    if (source) return source;
    throw ApiError.notFound(this.catalog.has(tag) ? Messages.sourceNotFound : Messages.lotteryNotFound);
  }

  async list(page: Page): Promise<{ items: DrawSource[]; total: number }> {
    // Tags sort in byte order, as the lotteries list does.
    const [items, total] = await this.repository
      .createQueryBuilder('s')
      .orderBy('s.lottery_tag COLLATE "C"')
      .skip(page.offset)
      .take(page.limit)
      .getManyAndCount();
    return { items: page.limit === 0 ? [] : items, total };
  }

  /**
   * Creates or replaces the lottery's source (its fallbacks only when the body names them); its sync state starts
   * afresh when the adapter or URL changes. A URL
   * the outbound policy refuses is a 400 naming `url` (each fetch checks it again, with its addresses).
   */
  async put(tag: string, body: PutSourceDto, deadline = Deadline.NONE): Promise<DrawSource> {
    this.catalog.snapshot(tag); // 404 Lottery not found, before the body's finer checks
    const parsed = parseSourceConfig({ ...body }, this.policy);
    if ('problem' in parsed)
      throw ApiError.badRequest(Messages.invalidFieldProblem(parsed.field, parsed.problem));
    const { adapter, url, mapping, fallbacks } = parsed.config;
    return transactionWithin(this.dataSource, deadline, async (manager) => {
      const repository = manager.getRepository(DrawSource);
      const existing = await repository.findOneBy({ lotteryTag: tag });
      const moved = existing !== null && (existing.adapter !== adapter || existing.url !== url);
      await repository.upsert(
        {
          lotteryTag: tag,
          adapter,
          url,
          mapping,
          // Omitted: kept as they are (a client that knows nothing of fallbacks must not erase them).
          fallbacks: body.fallbacks === undefined ? (existing?.fallbacks ?? []) : fallbacks,
          enabled: body.enabled ?? true,
          ...(moved
            ? {
                lastError: null,
                consecutiveFailures: 0,
                backoffStep: 0,
                nextAttemptAt: null,
                lastResult: null,
              }
            : {}),
        },
        ['lotteryTag'],
      );
      return (await repository.findOneBy({ lotteryTag: tag })) as DrawSource;
    });
  }

  async remove(tag: string, deadline = Deadline.NONE): Promise<void> {
    const { affected } = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.getRepository(DrawSource).delete({ lotteryTag: tag }),
    );
    if (!affected) {
      this.catalog.snapshot(tag); // 404 Lottery not found first
      throw ApiError.notFound(Messages.sourceNotFound);
    }
  }

  toSourceDto(source: DrawSource): DrawSourceDto {
    return {
      lottery: source.lotteryTag,
      adapter: source.adapter,
      url: source.url,
      mapping: source.mapping ? { ...source.mapping } : null,
      fallbacks: (source.fallbacks ?? []).map((f) => ({
        ...f,
        mapping: f.mapping ? { ...f.mapping } : null,
      })),
      enabled: source.enabled,
    };
  }

  toSyncStateDto(source: DrawSource): SyncStateDto {
    const record = this.catalog.has(source.lotteryTag)
      ? this.catalog.snapshot(source.lotteryTag).record
      : null;
    return {
      lottery: source.lotteryTag,
      adapter: source.adapter,
      url: source.url,
      fallbacks: (source.fallbacks ?? []).map((f) => `${f.adapter} ${f.url}`),
      enabled: source.enabled,
      lastAttemptAt: source.lastAttemptAt?.toISOString() ?? null,
      lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
      lastError: source.lastError,
      nextAttemptAt: source.nextAttemptAt?.toISOString() ?? null,
      consecutiveFailures: source.consecutiveFailures,
      lastResult: source.lastResult,
      lastContest: source.lastContest,
      freshness: record ? lotteryFreshness(record, this.clock.now()) : null,
    };
  }
}
