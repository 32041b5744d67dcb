import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import type { Settings } from '../../../config/settings';
import { MemoryCounterStore } from '../../metering/memory-counter-store';
import { MeteringService } from '../../metering/metering.service';
import type { QuotaService } from '../../metering/quota.service';
import { type RequestMeter, writeMeterHeaders } from '../../metering/request-meter';
import { MetricsService } from '../../metrics/metrics.service';
import { type AuthDeclaration, ROUTE_ACCESS } from '../route-access';
import { inProcessRequestHeaders } from '../../../common/http/in-process-request';
import { ClientIpLimit } from './client-ip-limit';
import { throttlerModuleOptions } from './throttlers';

type FakeRequest = {
  ip: string;
  headers: Record<string, string>;
  routeOptions: { config: Record<string, unknown> };
  meter?: RequestMeter;
};

const exempt: AuthDeclaration = { level: 'public', ipRateLimit: false, beforeBody: false, cost: 1 };

describe('ClientIpLimit (IP_RATE_LIMIT, an onRequest hook before the body and the token)', () => {
  let now: number;
  let store: MemoryCounterStore;

  function limitOf(ipRateLimit: Settings['ipRateLimit']) {
    // No token, no account: the quota is never asked.
    const quota = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('the quota was asked');
        },
      },
    ) as QuotaService;
    const metering = new MeteringService(quota, store, new MetricsService());
    return new ClientIpLimit(throttlerModuleOptions({ ipRateLimit } as Settings), metering);
  }

  beforeEach(() => {
    now = Date.parse('2030-06-15T12:00:00.000Z');
    store = new MemoryCounterStore(() => now);
  });

  /** The hook's outcome for one request, and the headers its meter gives the answer. */
  async function send(
    limit: ClientIpLimit,
    ip = '203.0.113.7',
    config: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const request: FakeRequest = { ip, headers, routeOptions: { config } };
    const error = await new Promise<unknown>((resolve) =>
      limit.count(request as unknown as FastifyRequest, {} as FastifyReply, resolve),
    );
    const written: Record<string, unknown> = {};
    const reply = { header: (name: string, value: unknown) => (written[name] = value) } as FastifyReply;
    if (request.meter) writeMeterHeaders(reply, request.meter);
    const refused = error instanceof ApiError ? { status: error.status, body: error.body } : error;
    return { refused, headers: written, keys: request.meter?.rateWindows.length };
  }

  it('with IP_RATE_LIMIT=off installs no hook at all (nothing on the hot path)', () => {
    const hooks: string[] = [];
    limitOf(null).install({ addHook: (name: string) => hooks.push(name) } as unknown as FastifyInstance);
    expect(hooks).toEqual([]);
    limitOf([{ limit: 3, windowSeconds: 60 }]).install({
      addHook: (name: string) => hooks.push(name),
    } as unknown as FastifyInstance);
    expect(hooks).toEqual(['onRequest']);
  });

  it('lets an address make its limit of requests, then refuses with the 429 and Retry-After', async () => {
    const limit = limitOf([{ limit: 3, windowSeconds: 60 }]);
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const { refused, headers } = await send(limit);
      expect(refused).toBeUndefined();
      remaining.push(headers['X-RateLimit-Remaining']);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const { refused, headers } = await send(limit);
    expect(refused).toEqual({ status: 429, body: errorBody.tooManyRequests() });
    // 3 a minute: one more request fits 20 s later.
    expect(headers).toMatchObject({ 'Retry-After': 20, 'X-RateLimit-Limit': 3, 'X-RateLimit-Remaining': 0 });
  });

  it('counts every window of IP_RATE_LIMIT, with the keys of the named throttlers', async () => {
    const limit = limitOf([
      { limit: 100, windowSeconds: 3600 },
      { limit: 3, windowSeconds: 60 },
    ]);
    const hits = jest.spyOn(store, 'rateLimitHits');
    await send(limit);
    expect(hits).toHaveBeenCalledTimes(1); // one store call for all windows
    expect(hits.mock.calls[0][0]).toEqual([
      { key: 'rate:client-ip-60s:203.0.113.7', windowMs: 60_000, limit: 3 },
      { key: 'rate:client-ip-3600s:203.0.113.7', windowMs: 3_600_000, limit: 100 },
    ]);
  });

  it('counts each address apart (an IPv6 client by its /64), and lets one in again once a request fits', async () => {
    const limit = limitOf([{ limit: 3, windowSeconds: 60 }]);
    for (let i = 0; i < 3; i++) await send(limit);
    expect((await send(limit)).refused).toMatchObject({ status: 429 });
    expect((await send(limit, '198.51.100.9')).refused).toBeUndefined();
    for (let i = 0; i < 3; i++) await send(limit, '2001:db8:1:2::a');
    expect((await send(limit, '2001:db8:1:2:ffff::b')).refused).toMatchObject({ status: 429 });
    expect((await send(limit, '2001:db8:1:3::a')).refused).toBeUndefined();
    now += 19_999;
    expect((await send(limit)).refused).toMatchObject({ status: 429 });
    now += 1;
    expect((await send(limit)).refused).toBeUndefined();
  });

  it('skips routes declared with ipRateLimit: false, and counts routes that declare nothing (unknown ones)', async () => {
    const limit = limitOf([{ limit: 1, windowSeconds: 60 }]);
    const hits = jest.spyOn(store, 'rateLimitHits');
    for (let i = 0; i < 3; i++) {
      const probe = await send(limit, '203.0.113.7', { [ROUTE_ACCESS]: exempt });
      expect(probe).toEqual({ refused: undefined, headers: {}, keys: undefined });
    }
    expect(hits).not.toHaveBeenCalled();
    expect((await send(limit)).refused).toBeUndefined();
    expect((await send(limit)).refused).toMatchObject({ status: 429 });
  });

  it("skips the service's own in-process requests (an MCP tool call's route), not a client's guess at the mark", async () => {
    const limit = limitOf([{ limit: 1, windowSeconds: 60 }]);
    expect((await send(limit)).refused).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const inner = await send(limit, '203.0.113.7', {}, inProcessRequestHeaders());
      expect(inner).toEqual({ refused: undefined, headers: {}, keys: undefined });
    }
    const [header] = Object.keys(inProcessRequestHeaders());
    const forged = await send(limit, '203.0.113.7', {}, { [header]: 'a guess' });
    expect(forged.refused).toMatchObject({ status: 429 });
  });
});
