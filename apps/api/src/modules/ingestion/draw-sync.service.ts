import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import type { OutboundPolicy } from '../../common/net/outbound-policy';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { roundsOn } from '../lotteries/domain/lottery-rules';
import { adapterFor } from './adapters/adapters';
import {
  type FetchedDraw,
  parseAnswer,
  requestFor,
  SourceFormatError,
  type SourceRequest,
} from './adapters/source-adapter';
import { DrawIngestService } from './draw-ingest.service';
import { DrawSource, type SourceValidators } from './draw-source.entity';
import { fetchSourceAnswer, SourceFetchError } from './source-fetcher';
import type { SourceEndpoint } from './domain/source-config';
import { sourceLabel, sourcePolicy } from './domain/source-config';
import { catchUpPeriods, namesContest } from './domain/url-placeholders';
import { SyncLog } from './sync-log';
import type { RejectedRow, SyncResult } from './sync-result';
import { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/**
 * How far before the latest stored draw a source is asked from: recent corrections are noticed, and a source that
 * filters by date sends a few rows rather than its whole history.
 */
const LOOKBACK_DAYS = 35;

/** The lottery has no source configured. */
export class NoSourceError extends Error {}

export interface SyncOptions {
  /** Replaces the first source's URL for this run only (fixtures, a mirror); no fallback is tried then. */
  url?: string;
  signal?: AbortSignal;
  /**
   * Ask each endpoint conditionally, with the validators of its last answer read (the scheduler's polls): a 304
   * fetches nothing. Manual syncs (sync now, the command-line tool) read the whole answer again.
   */
  conditional?: boolean;
}

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
  /** What was logged about each source: the log says when a source starts or stops failing, not every attempt. */
  private readonly syncLog = new SyncLog();

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
   * read (nothing is written from a failed one); the result names the source that answered. See SyncOptions.
   *
   * `deadline`: a sync now's request; the scheduler's runs and the command-line tool's pass Deadline.NONE. Once it
   * is given up (408, 503), the sync stops with WorkAbandonedError: no draw and no sync state is written, and the
   * source is not blamed for it.
   */
  async syncLottery(
    tag: string,
    options: SyncOptions = {},
    deadline: Deadline = Deadline.NONE,
  ): Promise<SyncResult> {
    const source = await this.dataSource.getRepository(DrawSource).findOneBy({ lotteryTag: tag });
    if (source === null) throw new NoSourceError(`Lottery '${tag}' has no source.`);
    const first: SourceEndpoint = {
      adapter: source.adapter as SourceEndpoint['adapter'],
      url: options.url ?? source.url,
      mapping: source.mapping,
    };
    const configured = options.url === undefined;
    const endpoints = configured ? [first, ...(source.fallbacks ?? [])] : [first];
    // An overriding URL is no endpoint of the source's: its answers' validators are neither sent nor kept.
    const known: SourceValidators = configured ? (source.validators ?? {}) : {};
    const startedAt = this.clock.now();
    const failures: string[] = [];
    let result: SyncResult | undefined;
    let validators: SourceValidators | null = null;
    let contest: number | null = null;
    // The fetch stops when the service stops, and when the request that asked for it is given up.
    const signals = [options.signal, deadline.signal].filter((signal) => signal !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    for (const endpoint of endpoints) {
      const attempt = await this.syncFrom(
        tag,
        endpoint,
        startedAt,
        { signal, known: options.conditional ? known : {}, lastContest: source.lastContest },
        deadline,
      );
      // A fetch cut short because nobody waits any more is no failure of the source: nothing more is tried.
      deadline.throwIfGivenUp();
      result = attempt.result;
      // Only an answer read whole gives validators to keep: one that could not be read must be fetched in full
      // next time, never answered "not modified".
      if (result.error === null) {
        if (configured) validators = keptValidators(known, endpoints, endpoint, attempt.validators);
        contest = attempt.contest;
        break;
      }
      failures.push(endpoints.length > 1 ? `${result.source}: ${result.error}` : result.error);
    }
    // Stopped by the shutdown, not by the source: nothing is recorded or logged against it (the next instance, or
    // this one after its restart, asks again).
    if (result!.error !== null && options.signal?.aborted) {
      this.logger.debug(`Sync of ${tag} interrupted: the service is stopping`);
      return { ...result!, error: 'interrupted: the service is stopping' };
    }
    // Every source failed: the error names each, in the order tried.
    if (result!.error !== null)
      result = { ...result!, source: sourceLabel(first), error: failures.join('; ') };
    if (result!.error === null && failures.length > 0) result = { ...result!, fallbackAfter: failures };
    await this.record(tag, startedAt, result!, validators, contest, deadline);
    this.log(sourceLabel(first), source, result!);
    return result!;
  }

  /**
   * One source's fetch, read and ingest; a failure of the fetch or of the format is the result's `error`. With
   * validators `known` for the very same request, the request is conditional; the validators of an answer read
   * whole come back with it (a 304's too), for the next time.
   */
  private async syncFrom(
    tag: string,
    endpoint: SourceEndpoint,
    startedAt: Date,
    options: { signal: AbortSignal | undefined; known: SourceValidators; lastContest: number | null },
    deadline: Deadline,
  ): Promise<{ result: SyncResult; validators: SourceValidators[string] | null; contest: number | null }> {
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
    let validators: SourceValidators[string] | null = null;
    let contest: number | null = null;
    try {
      // The lottery's zone dates a source's epoch milliseconds; its rules say how many draws a date has.
      const record = this.catalog.has(tag) ? this.catalog.snapshot(tag).record : undefined;
      const adapter = adapterFor(endpoint.adapter, endpoint.mapping, {
        timeZone: record?.timezone,
        ...(record ? { roundsOn: (date: string) => roundsOn(record.rules, date) } : {}),
      });
      // What each request asks for. A URL naming a draw ({contest}) is asked for each number after the last one
      // read, at most SYNC_CATCH_UP_PERIODS of them, until one is not published yet (404); with none read yet, the
      // URL without its /{contest}: the latest draw. A URL naming a period ({isoWeek}, {year}) is asked for each
      // period since the last stored draw's, at most SYNC_CATCH_UP_PERIODS of them (oldest first): the next sync
      // goes on from the new last stored draw.
      const perDraw = namesContest(endpoint.url);
      const catchUp = perDraw
        ? { periods: [startedAt], left: 0 }
        : catchUpPeriods(
            endpoint.url,
            { last: this.lastDraw(tag), now: startedAt, timeZone: record?.timezone },
            this.settings.sync.catchUpPeriods,
          );
      const plan: { period?: Date; contest?: number }[] =
        perDraw && options.lastContest !== null
          ? Array.from({ length: this.settings.sync.catchUpPeriods }, (_, i) => ({
              contest: options.lastContest! + 1 + i,
            }))
          : catchUp.periods.map((period) => ({ period }));
      // The sync's own clock fills {untilMs} and {isoWeek} (a test's frozen clock too).
      const since = this.since(tag);
      // Several answers are read whole: validators are kept for a single request only (the usual poll).
      const single = plan.length === 1;
      const draws: FetchedDraw[] = [];
      const rejected: RejectedRow[] = [];
      let ignored = 0;
      let asked = 0;
      /** Rows of the answers before this one: the highest row number reported of them (a filter skips some). */
      let offset = 0;
      for (const wanted of plan) {
        const request = requestFor(adapter, { url: endpoint.url, since, now: startedAt, ...wanted });
        const fingerprint = requestFingerprint(endpoint, request);
        const stored = options.known[endpoint.url];
        asked++;
        let answer: Awaited<ReturnType<typeof fetchSourceAnswer>>;
        try {
          answer = await fetchSourceAnswer(request, {
            policy: this.policy,
            timeoutMs: this.settings.sync.timeoutMs,
            userAgent: this.userAgent,
            signal: options.signal,
            validators: single && stored?.request === fingerprint ? stored : null,
          });
        } catch (error) {
          // A draw number not published yet: the draws after the last one read are all here.
          if (wanted.contest !== undefined && error instanceof SourceFetchError && error.status === 404)
            break;
          throw error;
        }
        if (single && answer.validators !== null) validators = { ...answer.validators, request: fingerprint };
        if (answer.notModified) {
          result.notModified = true;
          return { result, validators, contest };
        }
        // Rows are numbered across the answers, oldest period first, so that each row's number is its own.
        const parsed = parseAnswer(adapter, answer.body);
        const last = [...parsed.draws, ...parsed.rejected].reduce((max, { row }) => Math.max(max, row), 0);
        for (const draw of parsed.draws) draws.push({ ...draw, row: draw.row + offset });
        for (const row of parsed.rejected) rejected.push({ ...row, row: row.row + offset });
        ignored += parsed.ignored ?? 0;
        offset += last;
      }
      if (asked > 1) result.periods = asked;
      if (catchUp.left > 0) result.periodsLeft = catchUp.left;
      for (const draw of draws)
        if (draw.contest !== undefined && (contest === null || draw.contest > contest))
          contest = draw.contest;
      const counts = await this.ingest.ingest(tag, draws, { source: label, fetchedAt: startedAt }, deadline);
      Object.assign(result, counts, {
        ignored: counts.ignored + ignored,
        fetched: draws.length + rejected.length,
        rejected: [...rejected, ...counts.rejected].sort((a, b) => a.row - b.row),
      });
    } catch (error) {
      // Given up (the write cut short arrives wrapped as a query failure): no fault of the source's.
      deadline.throwIfGivenUp();
      const known = error instanceof SourceFetchError || error instanceof SourceFormatError;
      result.error = known ? (error as Error).message : `unexpected: ${(error as Error).message}`;
      contest = null;
    }
    return { result, validators, contest };
  }

  /** Names the software, this instance, and (SYNC_CONTACT) how an operator reaches whoever runs it. */
  private get userAgent(): string {
    const contact = this.settings.sync.contact;
    return `lottery-results-service sync (instance ${this.instanceId}${contact ? `; +${contact}` : ''})`;
  }

  /** The date of the lottery's latest stored draw (null: none stored). */
  private lastDraw(tag: string): string | null {
    return this.catalog.has(tag) ? this.catalog.snapshot(tag).record.lastDraw : null;
  }

  /** The first date to ask for: some weeks before the latest stored draw (null: everything the source gives). */
  private since(tag: string): string | null {
    const last = this.lastDraw(tag);
    return last === null
      ? null
      : (DateTime.fromISO(last).minus({ days: LOOKBACK_DAYS }).toISODate() as string);
  }

  /**
   * The outcome in the source's sync state; `validators` (when not null) replace the stored ones; `contest` (when
   * not null) is the highest draw number read, kept when higher than the stored one.
   */
  private async record(
    tag: string,
    at: Date,
    result: SyncResult,
    validators: SourceValidators | null,
    contest: number | null,
    deadline: Deadline,
  ): Promise<void> {
    const failed = result.error !== null;
    await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.query(
        `UPDATE draw_sources SET last_attempt_at = $2, last_result = $3::jsonb, last_error = $4,
           last_success_at = CASE WHEN $5 THEN last_success_at ELSE $2 END,
           consecutive_failures = CASE WHEN $5 THEN consecutive_failures + 1 ELSE 0 END,
           validators = COALESCE($6::jsonb, validators),
           last_contest = GREATEST(last_contest, $7::integer)
         WHERE lottery_tag = $1`,
        [
          tag,
          at,
          JSON.stringify(result),
          result.error,
          failed,
          validators && JSON.stringify(validators),
          contest,
        ],
      ),
    ).catch((error: Error) => {
      // Given up: the request's answer went out already, and this sync is to have no effect.
      deadline.throwIfGivenUp();
      // The outcome is logged either way; a database outage must not turn a sync report into a crash.
      this.logger.error(`Could not record the sync of ${tag}: ${error.message}`);
    });
  }

  /** Logs what changed (SyncLog): the row read before the sync says what was known of the source. */
  private log(label: string, before: DrawSource, result: SyncResult): void {
    for (const { level, message } of this.syncLog.linesFor(label, before, result))
      this.logger[level](message);
  }
}

/** What makes validators valid for a request: the request itself, and how its answer is read. */
function requestFingerprint(endpoint: SourceEndpoint, request: SourceRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([endpoint.adapter, endpoint.mapping ?? null, request]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The validators to store after `answered` was read: its new ones (or none: a source that stopped sending them),
 * the others' as they were, and nothing for a URL that is no longer one of the source's.
 */
function keptValidators(
  known: SourceValidators,
  endpoints: SourceEndpoint[],
  answered: SourceEndpoint,
  validators: SourceValidators[string] | null,
): SourceValidators {
  const kept: SourceValidators = {};
  for (const { url } of endpoints) if (known[url] && url !== answered.url) kept[url] = known[url];
  if (validators !== null) kept[answered.url] = validators;
  return kept;
}
