import { Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { StaticReflector } from '../../../common/metadata/static-reflector';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';

/**
 * @nestjs/throttler's guard for one scope of named throttlers (the account's, or the client IP's): the package
 * decides which limits apply to a route and with what limit, window, tracker and key (the module's named
 * throttlers, @Throttle, @SkipThrottle). Its documented per-throttler step, handleRequest, hands each limit to
 * MeteringService instead of counting it alone: the package counts one window per storage call, one after the
 * other (three Redis round trips for 20/s, 1,200/min, 72,000/h), where the metering service counts a request's
 * windows, and its unit of quota, in one atomic call.
 */
@Injectable()
export abstract class RateLimitGuard extends ThrottlerGuard {
  /** The prefix of the named throttlers this guard runs (see throttlers.ts). */
  protected abstract readonly throttlerPrefix: string;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: StaticReflector,
    protected readonly metering: MeteringService,
  ) {
    super(options, storage, reflector);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.throttlers = this.throttlers.filter((throttler) => throttler.name?.startsWith(this.throttlerPrefix));
  }

  protected override async handleRequest({
    context,
    limit,
    ttl,
    throttler,
    getTracker,
    generateKey,
  }: ThrottlerRequest): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const tracker = await getTracker(request as unknown as Record<string, unknown>, context);
    const key = generateKey(context, tracker, throttler.name ?? 'default');
    const cost = this.costOf(request);
    this.metering.addRateLimit(meterOf(request), {
      key,
      windowMs: ttl,
      limit,
      ...(cost === 1 ? {} : { cost }),
    });
    return true;
  }

  /** The units a request counts in each window: one, but where a guard knows better (a POST of several messages). */
  protected costOf(_request: FastifyRequest): number {
    return 1;
  }
}
