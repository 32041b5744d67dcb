import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { envelopeJson, type Page } from '../../common/pagination/page';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { NumberOrder } from '../draws/domain/draw-view';
import type { LotteryRecord } from '../lotteries/domain/lottery-record';
import { toLotteryDto } from '../lotteries/domain/lottery-view';
import {
  isFiltering,
  type LotteryFilter,
  matchesFilter,
  NO_FILTER,
} from '../lotteries/domain/lottery-filter';
import { freshnessHeaderOf, type SourceStatus } from '../lotteries/domain/freshness-header';
import { readLotteries } from './catalog-source';
import { LotterySnapshot } from './lottery-snapshot';

/** A page of draws as JSON, with the figures of the page. */
export interface DrawPage {
  /** The draws' JSON, comma-separated (the inside of an array). */
  itemsJson: string;
  returned: number;
  total: number;
}

const RETRY_MS = 1000;

/**
 * The read model of every metered read: all lotteries and their draws, in memory, with each answer's JSON built
 * once per change. PostgreSQL stays the source of truth; the catalog is loaded at start-up and one lottery is
 * rebuilt after each write to it (by the writer on this instance at once, and on every instance through the
 * database's change feed, whoever wrote). Reads never touch the database, so they keep being served while it is down.
 *
 * Size: a draw costs ≈ 0.4 KB here (its numbers and its JSON in draw order; the sorted orders add ≈ 0.2 KB each
 * once asked for), so the 47,467 bundled draws take ≈ 19 MB; 100 times that data would need ≈ 1.9 GB, past the
 * point where draws should be paged in per lottery instead of held whole.
 */
@Injectable()
export class LotteryCatalog implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LotteryCatalog.name);
  private snapshots = new Map<string, LotterySnapshot>();
  /** Each lottery's draw source state (X-Lottery-Freshness' `source`), read with the lottery: absent = none. */
  private sourceStatuses = new Map<string, SourceStatus>();
  /** Tags in byte order (the contract's `ORDER BY tag`, the same as COLLATE "C"). */
  private tags: string[] = [];
  /**
   * What depends on the time as well as on the data, built at most once a minute per lottery: its JSON (the rules
   * in force today, its freshness) and the freshness header of its draw answers.
   */
  private readonly lotteryJson = new Map<string, { minute: number; value: string }>();
  private readonly freshnessHeaders = new Map<string, { minute: number; value: string }>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly queued = new Map<string, Promise<void>>();
  /** Retries of failed rebuilds; cleared at shutdown, when the database goes away on purpose. */
  private readonly retries = new Set<NodeJS.Timeout>();
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: ChangeFeed,
  ) {}

  onModuleInit(): void {
    this.changes.on('lottery.changed', ({ tag }) => this.reload(tag));
    this.changes.on('feed.resumed', () => this.reloadAllUntilDone());
  }

  /**
   * After the feed was interrupted, the changes made meanwhile were never announced: everything is loaded again,
   * and tried again every RETRY_MS until it succeeds, since nothing else would correct what was missed.
   */
  private reloadAllUntilDone(): void {
    this.loadAll().catch((error: Error) => {
      if (this.stopping) return;
      this.logger.error(`Catalog reload failed (retrying in ${RETRY_MS} ms): ${error.message}`);
      const retry = setTimeout(() => {
        this.retries.delete(retry);
        this.reloadAllUntilDone();
      }, RETRY_MS).unref();
      this.retries.add(retry);
    });
  }

  onModuleDestroy(): void {
    this.stopping = true;
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
  }

  /** Whether the catalog has been loaded (reads can be served). */
  loaded = false;

  private readonly snapshotListeners: ((snapshot: LotterySnapshot) => void)[] = [];

  /**
   * Calls `listener` with every new snapshot (the first load, and each rebuild after a write, on every instance),
   * so that answers derived from a lottery's draws can be prepared before the first request asks for them.
   */
  onSnapshot(listener: (snapshot: LotterySnapshot) => void): void {
    this.snapshotListeners.push(listener);
  }

  async loadAll(): Promise<void> {
    const lotteries = await readLotteries(this.dataSource);
    this.snapshots = new Map(
      lotteries.map((l) => [l.columns.tag, new LotterySnapshot(l.columns, l.draws, l.prizes)]),
    );
    this.sourceStatuses = new Map(lotteries.map((l) => [l.columns.tag, l.sourceStatus]));
    this.afterChange();
    for (const snapshot of this.snapshots.values()) this.announce(snapshot);
    this.loaded = true;
    const draws = lotteries.reduce((sum, l) => sum + l.draws.length, 0);
    this.logger.log(`Catalog loaded: ${lotteries.length} lotteries, ${draws} draws`);
  }

  /**
   * Rebuilds one lottery from PostgreSQL; resolves once a rebuild that started after this call has finished, so a
   * writer that awaits it reads its own write. Never rejects: a failed rebuild is logged and tried again.
   */
  reload(tag: string): Promise<void> {
    const queued = this.queued.get(tag);
    if (queued) return queued;
    const next = (this.running.get(tag) ?? Promise.resolve()).then(() => {
      this.queued.delete(tag);
      return this.reloadNow(tag);
    });
    this.queued.set(tag, next);
    this.running.set(tag, next);
    void next.then(() => {
      if (this.running.get(tag) === next) this.running.delete(tag);
    });
    return next;
  }

  /** The lottery, or 404 `Lottery not found.` */
  snapshot(tag: string): LotterySnapshot {
    const snapshot = this.snapshots.get(tag);
    if (!snapshot) throw ApiError.notFound(Messages.lotteryNotFound);
    return snapshot;
  }

  figures(): { lotteries: number; draws: number } {
    let draws = 0;
    for (const snapshot of this.snapshots.values()) draws += snapshot.drawCount;
    return { lotteries: this.snapshots.size, draws };
  }

  has(tag: string): boolean {
    return this.snapshots.has(tag);
  }

  /** Every lottery in tag order (the command-line tool; there are tens, not thousands). */
  records(): LotteryRecord[] {
    return this.tags.map((tag) => this.snapshot(tag).record);
  }

  /** One lottery's JSON, as of `now`. */
  lotteryJsonOf(tag: string, now: Date): string {
    return this.perMinute(this.lotteryJson, tag, now, (record) => JSON.stringify(toLotteryDto(record, now)));
  }

  /** The X-Lottery-Freshness value of a lottery's draw answers, as of `now`; unknown lottery → 404. */
  freshnessHeaderOf(tag: string, now: Date): string {
    return this.perMinute(this.freshnessHeaders, tag, now, (record) =>
      freshnessHeaderOf(record, now, this.sourceStatusOf(tag)),
    );
  }

  /**
   * Whether the lottery's draws are fetched from a source, and whether its last attempt succeeded: read with the
   * lottery (at load, at each rebuild), and the draw_sources trigger announces a change of it to every instance.
   */
  sourceStatusOf(tag: string): SourceStatus {
    return this.sourceStatuses.get(tag) ?? 'none';
  }

  /** The envelope of lotteries for a page, as JSON. */
  lotteryPageJson(page: Page, now: Date, filter: LotteryFilter = NO_FILTER): string {
    const matching = this.tagsMatching(filter);
    const tags = page.limit === 0 ? [] : matching.slice(page.offset, page.offset + page.limit);
    const itemsJson = tags.map((tag) => this.lotteryJsonOf(tag, now)).join(',');
    return envelopeJson('lotteries', page, itemsJson, tags.length, matching.length);
  }

  /** The tags of the lotteries that match `filter`, in tag order (tens of lotteries: a scan costs nothing). */
  private tagsMatching(filter: LotteryFilter): string[] {
    if (!isFiltering(filter)) return this.tags;
    return this.tags.filter((tag) => matchesFilter(this.snapshot(tag).record, filter));
  }

  /**
   * The public directory's page: which lotteries the service carries (tag, name, country), ordered by tag, with no
   * rules and no figures (those are the metered list's).
   */
  directoryPageJson(page: Page, filter: LotteryFilter = NO_FILTER): string {
    const matching = this.tagsMatching(filter);
    const tags = page.limit === 0 ? [] : matching.slice(page.offset, page.offset + page.limit);
    const itemsJson = tags
      .map((tag) => {
        const { name, country, retiredOn } = this.snapshot(tag).record;
        return JSON.stringify({ tag, name, country, status: retiredOn === null ? 'active' : 'retired' });
      })
      .join(',');
    return envelopeJson('lotteries', page, itemsJson, tags.length, matching.length);
  }

  /** A newest-first page of a lottery's draws dated from `from` to `to`; unknown lottery → 404. */
  drawPage(tag: string, range: { from?: string; to?: string }, page: Page, order: NumberOrder): DrawPage {
    const snapshot = this.snapshot(tag);
    const [start, end] = snapshot.range(range.from, range.to);
    const first = Math.min(end, start + page.offset);
    const last = Math.min(end, first + page.limit);
    return { itemsJson: snapshot.drawsJson(first, last, order), returned: last - first, total: end - start };
  }

  /** The latest draw's JSON; 404 for an unknown lottery, then for one without draws. */
  latestJson(tag: string, order: NumberOrder): string {
    const snapshot = this.snapshot(tag);
    if (snapshot.drawCount === 0) throw ApiError.notFound(Messages.drawNotFound);
    return snapshot.drawJson(0, order);
  }

  /** The JSON of the draw of `date` (round 1 unless told); 404 for an unknown lottery, then for a missing draw. */
  drawJsonOn(tag: string, date: string, order: NumberOrder, round = 1): string {
    const snapshot = this.snapshot(tag);
    const index = snapshot.indexOf(date, round);
    if (index === undefined) throw ApiError.notFound(Messages.drawNotFound);
    return snapshot.drawJson(index, order);
  }

  /**
   * What a draw paid, as JSON: the draw of `date` and `round`, or the latest draw when `date` is 'latest'. 404s in
   * the contract's order: the lottery, the draw, then its prizes (`No prizes were found for draw.`).
   */
  prizesJsonOf(tag: string, date: string | 'latest', round = 1): string {
    const snapshot = this.snapshot(tag);
    const index =
      date === 'latest' ? (snapshot.drawCount > 0 ? 0 : undefined) : snapshot.indexOf(date, round);
    if (index === undefined) throw ApiError.notFound(Messages.drawNotFound);
    const json = snapshot.prizesJson(index);
    if (json === undefined) throw ApiError.notFound(Messages.prizesNotFound);
    return json;
  }

  private perMinute(
    cache: Map<string, { minute: number; value: string }>,
    tag: string,
    now: Date,
    build: (record: LotteryRecord) => string,
  ): string {
    const minute = Math.floor(now.getTime() / 60_000);
    const cached = cache.get(tag);
    if (cached && cached.minute === minute) return cached.value;
    const value = build(this.snapshot(tag).record);
    cache.set(tag, { minute, value });
    return value;
  }

  private async reloadNow(tag: string): Promise<void> {
    try {
      const [lottery] = await readLotteries(this.dataSource, tag);
      const snapshot = lottery ? new LotterySnapshot(lottery.columns, lottery.draws, lottery.prizes) : null;
      if (snapshot) this.snapshots.set(tag, snapshot);
      else this.snapshots.delete(tag);
      if (lottery) this.sourceStatuses.set(tag, lottery.sourceStatus);
      else this.sourceStatuses.delete(tag);
      this.afterChange(tag);
      if (snapshot) this.announce(snapshot);
    } catch (error) {
      if (this.stopping) return;
      this.logger.error(
        `Could not rebuild lottery '${tag}' (retrying in ${RETRY_MS} ms): ${(error as Error).message}`,
      );
      const retry = setTimeout(() => {
        this.retries.delete(retry);
        void this.reload(tag);
      }, RETRY_MS).unref();
      this.retries.add(retry);
    }
  }

  /** Listeners run after the current request (setImmediate): a rebuild never waits for them. */
  private announce(snapshot: LotterySnapshot): void {
    if (this.snapshotListeners.length === 0) return;
    setImmediate(() => {
      for (const listener of this.snapshotListeners) {
        try {
          listener(snapshot);
        } catch (error) {
          this.logger.error(
            `Preparing answers for '${snapshot.record.tag}' failed: ${(error as Error).message}`,
          );
        }
      }
    });
  }

  private afterChange(tag?: string): void {
    this.tags = [...this.snapshots.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const cache of [this.lotteryJson, this.freshnessHeaders]) {
      if (tag === undefined) cache.clear();
      else cache.delete(tag);
    }
  }
}
