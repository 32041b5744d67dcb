import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  type Resolvable,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../common/errors/api-error';
import { StaticReflector } from '../../../common/metadata/static-reflector';
import { MetricsService } from '../../metrics/metrics.service';
import { meterOf } from '../request-meter';
import { CounterThrottlerStorage, type ThrottlerHit } from './counter-throttler.storage';
// The package's metadata keys (what @SkipThrottle and @Throttle write); not re-exported by its index.
import { THROTTLER_LIMIT, THROTTLER_SKIP, THROTTLER_TTL } from '@nestjs/throttler/dist/throttler.constants';

/** The throttlers of one guard as they apply to one route: what @SkipThrottle and @Throttle leave of them. */
interface RouteThrottler {
  name: string;
  limit: Resolvable<number>;
  ttl: Resolvable<number>;
  skipIf?: (context: ExecutionContext) => boolean;
}

/**
 * A ThrottlerGuard that runs only the named throttlers of one scope (the account's, or the client IP's), so each
 * can take its place in the chain of guards.
 * - The package's options and metadata decide, per route, which throttlers apply and with what limit and window
 *   (@SkipThrottle, @Throttle, the module's named throttlers); that is read once per route rather than on every
 *   request, as ThrottlerGuard.canActivate does (six metadata lookups and four awaits per throttler: ≈ 5% of a
 *   metered read).
 * - All of them are counted together, atomically, in one call to the storage (one round trip, not one per window).
 *   When the quota check has named the unit of quota the request will consume (RequestMeter.pendingCharge), that
 *   call consumes it too, once every window has let the request through; the quota guard then settles what it
 *   found. A metered read thus costs one round trip to Redis, not two, in the contract's order of checks.
 * - Counters are shared by every route: the key names the throttler and the tracker, not the handler.
 * - Each window's figures go to the request's meter for the limit headers; a refusal is the contract's 429.
 */
@Injectable()
export abstract class ScopedThrottlerGuard extends ThrottlerGuard {
  protected abstract readonly throttlerPrefix: string;
  private readonly routes = new WeakMap<object, WeakMap<object, RouteThrottler[]>>();

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
    const throttlers = this.routeThrottlers(context);
    // IP_RATE_LIMIT=off leaves the client-IP guard without throttlers: nothing to count.
    if (throttlers.length === 0) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const tracker = await this.getTracker(request as unknown as Record<string, unknown>);
    const hits: ThrottlerHit[] = [];
    for (const throttler of throttlers) {
      if (throttler.skipIf?.(context)) continue;
      const ttl = resolve(throttler.ttl, context);
      const limit = resolve(throttler.limit, context);
      hits.push({
        key: `rate:${throttler.name}:${tracker}`,
        ttl: typeof ttl === 'number' ? ttl : await ttl,
        limit: typeof limit === 'number' ? limit : await limit,
      });
    }
    if (hits.length === 0) return true;
    const meter = meterOf(request);
    // The quota's unit (step 7), when the quota check has named it, rides along: one store call for both.
    const charge = meter.pendingCharge;
    const { records, increment } = await (this.storageService as CounterThrottlerStorage).incrementAll(
      hits,
      charge,
    );
    if (charge && increment !== undefined) meter.chargeMadeAhead = { charge, result: increment };
    let retryAfter = 0;
    records.forEach((record, i) => {
      meter.rateWindows.push({
        limit: hits[i].limit,
        remaining: Math.max(0, hits[i].limit - record.totalHits),
        resetSeconds: record.timeToExpire,
      });
      if (record.isBlocked) retryAfter = Math.max(retryAfter, record.timeToBlockExpire);
    });
    if (retryAfter > 0) {
      meter.retryAfterSeconds = retryAfter;
      this.metrics.rateLimitRejections.inc();
      throw ApiError.tooManyRequests();
    }
    return true;
  }

  /** The throttlers that apply to the route, worked out on its first request. */
  private routeThrottlers(context: ExecutionContext): RouteThrottler[] {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.routes.get(controller);
    if (!byHandler) this.routes.set(controller, (byHandler = new WeakMap()));
    let throttlers = byHandler.get(handler);
    if (!throttlers) {
      const targets = [handler, controller];
      const metadata = <T>(key: string, name: string) =>
        this.reflector.getAllAndOverride<T | undefined>(key + name, targets);
      throttlers = this.throttlers
        .filter((throttler) => !metadata<boolean>(THROTTLER_SKIP, throttler.name ?? 'default'))
        .map((throttler) => {
          const name = throttler.name ?? 'default';
          return {
            name,
            limit: metadata<Resolvable<number>>(THROTTLER_LIMIT, name) ?? throttler.limit,
            ttl: metadata<Resolvable<number>>(THROTTLER_TTL, name) ?? throttler.ttl,
            skipIf: throttler.skipIf ?? this.commonOptions.skipIf,
          };
        });
      byHandler.set(handler, throttlers);
    }
    return throttlers;
  }
}

/** A throttler's limit or window: a number, or a function of the request (the caller's license). */
function resolve(value: Resolvable<number>, context: ExecutionContext): number | Promise<number> {
  return typeof value === 'function' ? value(context) : value;
}
