import type { ExecutionContext } from '@nestjs/common';
import { SkipThrottle, Throttle, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { Clock } from '../../../common/clock';
import { ApiError } from '../../../common/errors/api-error';
import { StaticReflector } from '../../../common/metadata/static-reflector';
import type { Settings } from '../../../config/settings';
import type { LicenseLimits } from '../../credentials/account-snapshot';
import type { RateLimitRule } from '../../metering/counter-store';
import { MemoryCounterStore } from '../../metering/memory-counter-store';
import { MeteringService } from '../../metering/metering.service';
import type { QuotaLedger } from '../../metering/quota-ledger';
import { QuotaService } from '../../metering/quota.service';
import { type RequestMeter, writeMeterHeaders } from '../../metering/request-meter';
import type { UsageWriteBackService } from '../../metering/usage-write-back.service';
import { MetricsService } from '../../metrics/metrics.service';
import type { Principal } from '../principal';
import { QuotaChargeGuard } from '../quota/quota-charge.guard';
import { QuotaGuard } from '../quota/quota.guard';
import { AccountThrottlerGuard } from './account-throttler.guard';
import { throttlerModuleOptions } from './throttlers';
import { httpContextOf } from '../../../../test/support/http-context';

type FakeRequest = {
  ip?: string;
  headers: Record<string, string>;
  principal?: Principal;
  meter?: RequestMeter;
};

/** Two routes of one controller, one with its own limit for the account's minute and no per-second limit. */
class LotteriesController {
  list() {
    return [];
  }

  @Throttle({ 'account-minute': { limit: 7, ttl: 30_000 } })
  @SkipThrottle({ 'account-second': true })
  costly() {
    return [];
  }
}

const contextOf = (request: FakeRequest, handler: () => unknown = LotteriesController.prototype.list) =>
  httpContextOf(request, { handler, controller: LotteriesController });

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000006';
const LICENSE: LicenseLimits = { name: 'pro', monthlyQuota: 10, perSecond: 2, perMinute: 50, perHour: 900 };
const principal = (license: LicenseLimits | null = LICENSE): Principal => ({
  accountId: ACCOUNT_ID,
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license,
  sessionVersion: 0,
  tokenId: 'my-token',
});
const licensedRequest = (license: LicenseLimits = LICENSE): FakeRequest => ({
  ip: '203.0.113.7',
  headers: {},
  principal: principal(license),
});

const IP_RATE_LIMIT = [
  { limit: 100, windowSeconds: 3600 },
  { limit: 3, windowSeconds: 60 },
];

/** The package's own per-throttler storage: our guards must never count through it (see RateLimitGuard). */
class RecordingStorage implements ThrottlerStorage {
  readonly increments: string[] = [];
  async increment(key: string): Promise<never> {
    this.increments.push(key);
    throw new Error('counted through the package storage');
  }
}

/** MeteringService's addRateLimit, by hand: the rules a guard hands over, to be counted later. */
class FakeMetering {
  readonly added: RateLimitRule[] = [];
  addRateLimit(meter: RequestMeter, rule: RateLimitRule): void {
    this.added.push(rule);
    meter.rateLimits.push(rule);
  }
}

async function guardsOver(metering: unknown, ipRateLimit: Settings['ipRateLimit'] = IP_RATE_LIMIT) {
  const options = throttlerModuleOptions({ ipRateLimit } as Settings);
  const storage = new RecordingStorage();
  const account = new AccountThrottlerGuard(
    options,
    storage,
    new StaticReflector(),
    metering as MeteringService,
  );
  await account.onModuleInit();
  return { account, storage };
}

describe('RateLimitGuard: @nestjs/throttler decides which limits apply, MeteringService counts them', () => {
  describe('AccountThrottlerGuard (step 6)', () => {
    it("hands the license's three windows, per account, to the request's meter, and counts nothing itself", async () => {
      const metering = new FakeMetering();
      const { account, storage } = await guardsOver(metering);
      const request = licensedRequest();
      expect(await account.canActivate(contextOf(request))).toBe(true);
      expect(request.meter?.rateLimits).toEqual([
        { key: `rate:account-second:${ACCOUNT_ID}`, windowMs: 1000, limit: 2 },
        { key: `rate:account-minute:${ACCOUNT_ID}`, windowMs: 60_000, limit: 50 },
        { key: `rate:account-hour:${ACCOUNT_ID}`, windowMs: 3_600_000, limit: 900 },
      ]);
      expect(request.meter?.rateWindows).toEqual([]);
      expect(storage.increments).toEqual([]);
    });

    it('counts one budget per account across routes, from another address too', async () => {
      const metering = new FakeMetering();
      const { account } = await guardsOver(metering);
      const first = licensedRequest();
      const second = { ...licensedRequest(), ip: '198.51.100.9' };
      await account.canActivate(contextOf(first));
      await account.canActivate(contextOf(second, LotteriesController.prototype.costly));
      const keys = (request: FakeRequest) => request.meter?.rateLimits.map((rule) => rule.key);
      expect(keys(second)).toEqual(keys(first)?.slice(1));
    });

    it("takes a route's own limits and skips (the package's decorators)", async () => {
      const metering = new FakeMetering();
      const { account } = await guardsOver(metering);
      const request = licensedRequest();
      await account.canActivate(contextOf(request, LotteriesController.prototype.costly));
      expect(request.meter?.rateLimits).toEqual([
        { key: `rate:account-minute:${ACCOUNT_ID}`, windowMs: 30_000, limit: 7 },
        { key: `rate:account-hour:${ACCOUNT_ID}`, windowMs: 3_600_000, limit: 900 },
      ]);
    });

    it('fails closed when LicenseGuard did not run first', async () => {
      const metering = new FakeMetering();
      const { account } = await guardsOver(metering);
      for (const request of [{ headers: {} }, { headers: {}, principal: principal(null) }]) {
        await expect(account.canActivate(contextOf(request))).rejects.toThrow(/Guard order/);
      }
      expect(metering.added).toEqual([]);
    });
  });

  describe("the account's chain on in-process counters: quota, rate limits, the charge, the headers", () => {
    let now: number;
    let metering: MeteringService;
    let chain: { canActivate(context: ExecutionContext): boolean | Promise<boolean> }[];

    beforeEach(async () => {
      now = Date.parse('2030-06-15T12:00:00.000Z');
      const store = new MemoryCounterStore(() => now);
      const ledger = { snapshot: async () => ({ used: 0, version: 0 }) } as unknown as QuotaLedger;
      const writeBack = {
        record: () => undefined,
        recordQuota: () => undefined,
        flush: async () => undefined,
      } as unknown as UsageWriteBackService;
      const clock = { now: () => new Date(now) } as Clock;
      const quota = new QuotaService(store, ledger, writeBack, clock, {
        usageFlushIntervalMs: 60_000,
      } as Settings);
      metering = new MeteringService(quota, store, new MetricsService());
      const { account } = await guardsOver(metering);
      chain = [new QuotaGuard(metering), account, new QuotaChargeGuard(metering)];
    });

    /** The request through the guards in the order @Auth('apiToken') runs them, and the headers it gets. */
    async function send(license: LicenseLimits = LICENSE) {
      const request = licensedRequest(license);
      const headers: Record<string, unknown> = {};
      const reply = {
        header: (name: string, value: unknown) => (headers[name] = value),
      } as unknown as FastifyReply;
      let refused: { status: number; body: unknown } | undefined;
      try {
        for (const guard of chain) expect(await guard.canActivate(contextOf(request))).toBe(true);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused = { status: error.status, body: error.body };
      }
      if (request.meter) writeMeterHeaders(reply, request.meter);
      return { refused, headers };
    }

    it('answers with the tightest window and the quota in the headers', async () => {
      const { refused, headers } = await send();
      expect(refused).toBeUndefined();
      expect(headers).toEqual({
        'X-RateLimit-Limit': 2,
        'X-RateLimit-Remaining': 1,
        'X-RateLimit-Reset': 1,
        'X-Quota-Limit': 10,
        'X-Quota-Remaining': 9,
        'X-Quota-Reset': '2030-07-01T00:00:00.000Z',
      });
    });

    it('answers 429 with Retry-After past the per-second limit, charging nothing, and lets the next second in', async () => {
      await send();
      expect((await send()).headers['X-RateLimit-Remaining']).toBe(0);
      const { refused, headers } = await send();
      expect(refused).toEqual({ status: 429, body: errorBody.tooManyRequests() });
      expect(headers).toMatchObject({ 'Retry-After': 1, 'X-RateLimit-Remaining': 0, 'X-Quota-Remaining': 8 });
      now += 1000;
      const later = await send();
      expect(later.refused).toBeUndefined();
      expect(later.headers).toMatchObject({ 'X-Quota-Remaining': 7 });
      expect(later.headers['Retry-After']).toBeUndefined();
    });

    it('answers 403 for a used-up month even when the rate limit is also exhausted (5 before 6)', async () => {
      const tight: LicenseLimits = { ...LICENSE, monthlyQuota: 2, perSecond: 2 };
      await send(tight);
      await send(tight);
      const { refused, headers } = await send(tight);
      expect(refused).toEqual({ status: 403, body: errorBody.forbidden(Messages.quotaExceeded) });
      expect(headers).toEqual({
        'X-Quota-Limit': 2,
        'X-Quota-Remaining': 0,
        'X-Quota-Reset': expect.any(String),
      });
    });

    it('omits X-Quota-Limit and X-Quota-Remaining for an unlimited license', async () => {
      const { headers } = await send({ ...LICENSE, monthlyQuota: null });
      expect(headers).toMatchObject({ 'X-RateLimit-Limit': 2, 'X-Quota-Reset': expect.any(String) });
      expect(Object.keys(headers)).not.toContain('X-Quota-Limit');
      expect(Object.keys(headers)).not.toContain('X-Quota-Remaining');
    });
  });
});
