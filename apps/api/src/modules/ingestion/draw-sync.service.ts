import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import type { OutboundPolicy } from '../../common/net/outbound-policy';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { adapterFor } from './adapters/adapters';
import { parseAnswer, requestFor, SourceFormatError } from './adapters/source-adapter';
import { DrawIngestService } from './draw-ingest.service';
import { DrawSource } from './draw-source.entity';
import { fetchSource, SourceFetchError } from './source-fetcher';
import type { SourceEndpoint } from './source-config';
import { sourceLabel, sourcePolicy } from './source-config';
import type { SyncResult } from './sync-result';

/**
 * How far before the latest stored draw a source is asked from: recent corrections are noticed, and a source that
 * filters by date sends a few rows rather than its whole history.
 */
const LOOKBACK_DAYS = 35;

/** The lottery has no source configured. */
export class NoSourceError extends Error {}

/**
 * One sync of one lottery's source, off the request path (scheduler, command-line tool): fetch recent draws,
 * read them with the source's adapter, write them through DrawIngestService, and record the outcome in the
 * source's sync state. A failure of any kind (unreachable, timeout, 5xx, garbage, a changed format) writes no
 * draw: it is recorded with its reason, logged, and returned.
 */
@Injectable()
export class DrawSyncService {
  private readonly logger = new Logger('Sync');
  /** Names this instance in the User-Agent and the scheduler's lease. */
  readonly instanceId = randomBytes(6).toString('hex');
  /** SYNC_ALLOWED_HOSTS' policy, applied to every fetch and every redirect (a stored URL may predate it). */
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly ingest: DrawIngestService,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.policy = sourcePolicy(settings);
  }

  /**
   * Syncs one lottery now: its source, then each fallback in order while the one before fails to be fetched or
   * read (nothing is written from a failed one); the result names the source that answered. `url` replaces the
   * first source's URL for this run only (fixtures, a mirror), and then no fallback is tried.
   */
  async syncLottery(tag: string, options: { url?: string; signal?: AbortSignal } = {}): Promise<SyncResult> {
    const source = await this.dataSource.getRepository(DrawSource).findOneBy({ lotteryTag: tag });
    if (source === null) throw new NoSourceError(`Lottery '${tag}' has no source.`);
    const first: SourceEndpoint = {
      adapter: source.adapter as SourceEndpoint['adapter'],
      url: options.url ?? source.url,
      mapping: source.mapping,
    };
    const endpoints = options.url === undefined ? [first, ...(source.fallbacks ?? [])] : [first];
    const startedAt = this.clock.now();
    const failures: string[] = [];
    let result: SyncResult | undefined;
    for (const endpoint of endpoints) {
      result = await this.syncFrom(tag, endpoint, startedAt, options.signal);
      if (result.error === null) break;
      failures.push(endpoints.length > 1 ? `${result.source}: ${result.error}` : result.error);
    }
    // Every source failed: the error names each, in the order tried.
    if (result!.error !== null)
      result = { ...result!, source: sourceLabel(first), error: failures.join('; ') };
    if (result!.error === null && failures.length > 0) result = { ...result!, fallbackAfter: failures };
    await this.record(tag, startedAt, result!);
    this.log(result!);
    return result!;
  }

  /** One source's fetch, read and ingest; a failure of the fetch or of the format is the result's `error`. */
  private async syncFrom(
    tag: string,
    endpoint: SourceEndpoint,
    startedAt: Date,
    signal: AbortSignal | undefined,
  ): Promise<SyncResult> {
    const label = sourceLabel(endpoint);
    const result: SyncResult = {
      lottery: tag,
      source: label,
      fetched: 0,
      inserted: 0,
      unchanged: 0,
      conflicts: 0,
      corrected: 0,
      rejected: [],
      error: null,
    };
    try {
      // The lottery's zone dates a source's epoch milliseconds.
      const timeZone = this.catalog.has(tag) ? this.catalog.snapshot(tag).record.timezone : undefined;
      const adapter = adapterFor(endpoint.adapter, endpoint.mapping, { timeZone });
      const body = await fetchSource(requestFor(adapter, { url: endpoint.url, since: this.since(tag) }), {
        policy: this.policy,
        timeoutMs: this.settings.sync.timeoutMs,
        userAgent: this.userAgent,
        signal,
      });
      const parsed = parseAnswer(adapter, body);
      const counts = await this.ingest.ingest(tag, parsed.draws, { source: label, fetchedAt: startedAt });
      Object.assign(result, counts, {
        fetched: parsed.draws.length + parsed.rejected.length,
        rejected: [...parsed.rejected, ...counts.rejected].sort((a, b) => a.row - b.row),
      });
    } catch (error) {
      const known = error instanceof SourceFetchError || error instanceof SourceFormatError;
      result.error = known ? (error as Error).message : `unexpected: ${(error as Error).message}`;
    }
    return result;
  }

  /** Names the software, this instance, and (SYNC_CONTACT) how an operator reaches whoever runs it. */
  private get userAgent(): string {
    const contact = this.settings.sync.contact;
    return `lottery-results-service sync (instance ${this.instanceId}${contact ? `; +${contact}` : ''})`;
  }

  /** The first date to ask for: some weeks before the latest stored draw (null: everything the source gives). */
  private since(tag: string): string | null {
    const last = this.catalog.has(tag) ? this.catalog.snapshot(tag).record.lastDraw : null;
    return last === null
      ? null
      : (DateTime.fromISO(last).minus({ days: LOOKBACK_DAYS }).toISODate() as string);
  }

  private async record(tag: string, at: Date, result: SyncResult): Promise<void> {
    const failed = result.error !== null;
    await this.dataSource
      .query(
        `UPDATE draw_sources SET last_attempt_at = $2, last_result = $3::jsonb, last_error = $4,
           last_success_at = CASE WHEN $5 THEN last_success_at ELSE $2 END,
           consecutive_failures = CASE WHEN $5 THEN consecutive_failures + 1 ELSE 0 END
         WHERE lottery_tag = $1`,
        [tag, at, JSON.stringify(result), result.error, failed],
      )
      // The outcome is logged either way; a database outage must not turn a sync report into a crash.
      .catch((error: Error) => this.logger.error(`Could not record the sync of ${tag}: ${error.message}`));
  }

  private log(result: SyncResult): void {
    const { lottery, source } = result;
    if (result.error !== null) {
      this.logger.warn(`Sync of ${lottery} failed (${source}): ${result.error}`);
      return;
    }
    const summary =
      `Sync of ${lottery}: ${result.fetched} fetched, ${result.inserted} new, ${result.unchanged} unchanged, ` +
      `${result.conflicts} conflicts, ${result.corrected} corrected, ${result.rejected.length} rejected` +
      (result.prizes ? `, prizes of ${result.prizes} draws stored` : '');
    if (result.rejected.length === 0) this.logger.log(summary);
    else
      this.logger.warn(
        `${summary} (${source}): ` +
          result.rejected.map((r) => `row ${r.row}${r.date ? ` (${r.date})` : ''}: ${r.message}`).join('; '),
      );
  }
}
