import type { ExecutionContext } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import { StaticReflector } from '../../../common/metadata/static-reflector';
import type { Settings } from '../../../config/settings';
import { MemoryCounterStore } from '../../metering/memory-counter-store';
import { MeteringService } from '../../metering/metering.service';
import type { QuotaService } from '../../metering/quota.service';
import { type RequestMeter, writeMeterHeaders } from '../../metering/request-meter';
import { MetricsService } from '../../metrics/metrics.service';
import { ClientIpRateLimits, ClientIpThrottlerGuard } from './client-ip-throttler.guard';
import { CounterThrottlerStorage } from './counter-throttler.storage';
import { throttlerModuleOptions } from './throttlers';

type FakeRequest = { ip: string; headers: Record<string, string>; meter?: RequestMeter };

class AuthController {
  login() {
    return {};
  }
}

function contextOf(request: FakeRequest): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}), getNext: () => undefined }),
    getHandler: () => AuthController.prototype.login,
    getClass: () => AuthController,
    getType: () => 'http',
  } as unknown as ExecutionContext;
}

describe('ClientIpThrottlerGuard (IP_RATE_LIMIT, before the token)', () => {
  describe('with hand-written limits and metering', () => {
    const calls: string[] = [];
    const limits = (enabled: boolean) =>
      ({
        enabled,
        canActivate: async (context: ExecutionContext) => {
          await Promise.resolve();
          const meter = (context.switchToHttp().getRequest<FakeRequest>().meter ??= {
            rateLimits: [],
            rateWindows: [],
          });
          meter.rateLimits.push({ key: 'rate:client-ip-60s:203.0.113.7', windowMs: 60_000, limit: 3 });
          calls.push('limits');
          return true;
        },
      }) as unknown as ClientIpRateLimits;
    const metering = {
      enforceRateLimits: async (meter: RequestMeter) => {
        calls.push(`enforce ${meter.rateLimits.map((rule) => rule.key).join()}`);
      },
    } as unknown as MeteringService;
    beforeEach(() => (calls.length = 0));

    it('with IP_RATE_LIMIT=off, lets every request through at once (no promise) and counts nothing', () => {
      const request: FakeRequest = { ip: '203.0.113.7', headers: {} };
      expect(new ClientIpThrottlerGuard(limits(false), metering).canActivate(contextOf(request))).toBe(true);
      expect(calls).toEqual([]);
      expect(request.meter).toBeUndefined();
    });

    it("resolves the address's limits, then counts them at once, on the request's meter", async () => {
      const request: FakeRequest = { ip: '203.0.113.7', headers: {} };
      expect(await new ClientIpThrottlerGuard(limits(true), metering).canActivate(contextOf(request))).toBe(
        true,
      );
      expect(calls).toEqual(['limits', 'enforce rate:client-ip-60s:203.0.113.7']);
    });
  });

  describe('on in-process counters', () => {
    let now: number;
    let guard: ClientIpThrottlerGuard;
    let quotaCalls: string[];

    beforeEach(async () => {
      now = Date.parse('2030-06-15T12:00:00.000Z');
      const store = new MemoryCounterStore(() => now);
      // No token, no account: the quota is never asked.
      quotaCalls = [];
      const quota = new Proxy({}, { get: (_t, name) => () => quotaCalls.push(String(name)) }) as QuotaService;
      const metering = new MeteringService(quota, store, new MetricsService());
      const options = throttlerModuleOptions(
        { ipRateLimit: [{ limit: 3, windowSeconds: 60 }] } as Settings,
        store,
      );
      const limits = new ClientIpRateLimits(
        options,
        new CounterThrottlerStorage(store),
        new StaticReflector(),
        metering,
      );
      await limits.onModuleInit();
      guard = new ClientIpThrottlerGuard(limits, metering);
    });

    async function send(ip = '203.0.113.7') {
      const request: FakeRequest = { ip, headers: {} };
      const headers: Record<string, unknown> = {};
      const reply = {
        header: (name: string, value: unknown) => (headers[name] = value),
      } as unknown as FastifyReply;
      let refused: { status: number; body: unknown } | undefined;
      try {
        await guard.canActivate(contextOf(request));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused = { status: error.status, body: error.body };
      }
      if (request.meter) writeMeterHeaders(reply, request.meter);
      return { refused, headers };
    }

    it('lets an address make its limit of requests, then answers 429 with Retry-After', async () => {
      const remaining = [];
      for (let i = 0; i < 3; i++) {
        const { refused, headers } = await send();
        expect(refused).toBeUndefined();
        remaining.push(headers['X-RateLimit-Remaining']);
      }
      expect(remaining).toEqual([2, 1, 0]);
      const { refused, headers } = await send();
      expect(refused).toEqual({ status: 429, body: errorBody.tooManyRequests() });
      // 3 a minute: one more request fits 20 s later.
      expect(headers).toMatchObject({
        'Retry-After': 20,
        'X-RateLimit-Limit': 3,
        'X-RateLimit-Remaining': 0,
      });
      expect(quotaCalls).toEqual([]);
    });

    it('counts each address apart, and lets one in again once one more request fits', async () => {
      for (let i = 0; i < 3; i++) await send();
      expect((await send()).refused?.status).toBe(429);
      expect((await send('198.51.100.9')).refused).toBeUndefined();
      now += 19_999;
      expect((await send()).refused?.status).toBe(429);
      now += 1;
      expect((await send()).refused).toBeUndefined();
    });

    it('a refused request is not counted: refusals do not push the retry further away', async () => {
      for (let i = 0; i < 3; i++) await send();
      for (let i = 0; i < 5; i++) expect((await send()).headers['Retry-After']).toBe(20);
      now += 20_000;
      expect((await send()).refused).toBeUndefined();
    });
  });
});
