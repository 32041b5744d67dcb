import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { StaticReflector } from '../../../common/metadata/static-reflector';
import { MetricsService } from '../../metrics/metrics.service';
import { meterOf } from '../request-meter';
import { CounterThrottlerStorage, type ThrottlerHit } from './counter-throttler.storage';

/** The throttlers ThrottlerGuard resolved for this request, waiting to be counted together. */
const PENDING = Symbol('pending throttler hits');
type PendingRequest = FastifyRequest & { [PENDING]?: (ThrottlerHit & { limit: number })[] };

/**
 * A ThrottlerGuard that runs only the named throttlers of one scope (the account's, or the client IP's), so each
 * can take its place in the chain of guards.
 * - The package resolves, per throttler, the limit, window, tracker and key (and honours @SkipThrottle); instead of
 *   counting each throttler on its own (one storage round trip per window), handleRequest collects them and
 *   canActivate counts them together, atomically, in one call to the storage.
 * - Counters are shared by every route: the key names the throttler and the tracker, not the handler.
 * - Each window's figures go to the request's meter for the limit headers; a refusal is the contract's 429.
 */
@Injectable()
export abstract class ScopedThrottlerGuard extends ThrottlerGuard {
  protected abstract readonly throttlerPrefix: string;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: StaticReflector,
    private readonly metrics: MetricsService,
  ) {
    super(options, storage, reflector);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.throttlers = this.throttlers.filter((throttler) => throttler.name?.startsWith(this.throttlerPrefix));
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // IP_RATE_LIMIT=off leaves the client-IP guard without throttlers: nothing to count.
    if (this.throttlers.length === 0) return true;
    const request = context.switchToHttp().getRequest<PendingRequest>();
    request[PENDING] = [];
    await super.canActivate(context);
    const hits = request[PENDING];
    delete request[PENDING];
    if (hits.length === 0) return true;
    const records = await (this.storageService as CounterThrottlerStorage).incrementAll(hits);
    const meter = meterOf(request);
    records.forEach((record, i) =>
      meter.rateWindows.push({
        limit: hits[i].limit,
        remaining: Math.max(0, hits[i].limit - record.totalHits),
        resetSeconds: record.timeToExpire,
      }),
    );
    const blocked = records.filter((record) => record.isBlocked);
    if (blocked.length) {
      meter.retryAfterSeconds = Math.max(...blocked.map((record) => record.timeToBlockExpire));
      this.metrics.rateLimitRejections.inc();
      throw ApiError.tooManyRequests();
    }
    return true;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `rate:${throttlerName}:${tracker}`;
  }

  protected override async handleRequest({
    context,
    limit,
    ttl,
    throttler,
    getTracker,
    generateKey,
  }: ThrottlerRequest): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PendingRequest>();
    const key = generateKey(context, await getTracker(request, context), throttler.name ?? 'default');
    request[PENDING]?.push({ key, ttl, limit });
    return true;
  }
}
