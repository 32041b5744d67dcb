import { Controller, Get, Module, Param } from '@nestjs/common';
import { ApiError } from '../src/common/errors/api-error';
import { Auth } from '../src/modules/guards/auth.decorator';
import { GuardsModule } from '../src/modules/guards/guards.module';
import { errorBody, Messages } from './support/contract-errors';
import { newAdmin, newLicensedHolder } from './support/fixtures';
import { http, type Http, type TestResponse } from './support/http';
import { testRedisUrl } from './support/redis';
import { startTcpProxy, type TcpProxy, throughProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/timing';

/** A metered route of this spec's own that costs three units, behind the real guards and counters. */
@Controller('test-cost')
class CostlyController {
  @Get(':outcome')
  @Auth('apiToken', { cost: 3 })
  answer(@Param('outcome') outcome: string): { ok: true } {
    if (outcome === 'missing') throw ApiError.notFound(Messages.lotteryNotFound);
    if (outcome === 'broken') throw new Error('a failure of ours');
    return { ok: true };
  }
}

@Module({ imports: [GuardsModule], controllers: [CostlyController] })
class CostlyModule {}

const QUOTA = errorBody.forbidden(Messages.quotaExceeded);

function remaining(res: TestResponse): number {
  expect(res.headers.get('x-quota-remaining')).not.toBeNull();
  return Number(res.headers.get('x-quota-remaining'));
}

/**
 * A route's cost (`@Auth('apiToken', { cost: 3 })`) moves everything a request of it counts by three: the quota
 * check (403 when fewer are left), the charge, X-Quota-Remaining, the usage report, the refund of a failure of
 * ours; one unit of the rate windows still. In-process counters, Redis, and Redis cut off (the ledger decides).
 */
describe.each([
  ['in-process counters', false],
  ['Redis, then Redis cut off', true],
] as const)('a route that costs 3 units: %s', (_name, withRedis) => {
  let app: TestApp;
  let api: Http;
  let adminJwt: string;
  let proxy: TcpProxy | undefined;
  let licenses = 0;

  beforeAll(async () => {
    if (withRedis) {
      const target = new URL(testRedisUrl());
      proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    }
    app = await createTestApp(proxy ? { REDIS_URL: throughProxy(testRedisUrl(), proxy) } : {}, {
      extraModules: [CostlyModule],
    });
    api = http(app.baseUrl);
    adminJwt = (await newAdmin(app, api)).jwt;
  });

  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
  });

  const holder = (monthlyQuota: number) =>
    newLicensedHolder(api, adminJwt, `cost-${withRedis ? 'redis' : 'memory'}-${(licenses += 1)}`, {
      monthlyQuota,
    });

  /** The month's usage as the account sees it once the answers have settled. */
  async function usage(jwt: string, used: number) {
    let body: { used: number; remaining: number; daily: { count: number }[] } | undefined;
    await eventually(async () => {
      const res = await api.get('/profile/usage', { jwt });
      expect(res.status).toBe(200);
      expect(res.body.used).toBe(used);
      body = res.body;
    }, 5000);
    return body!;
  }

  it('is published as x-quota-cost 3 (the lottery routes stay at 1)', async () => {
    const document = (await api.get('/openapi.json')).body;
    expect(document.paths['/test-cost/{outcome}'].get['x-quota-cost']).toBe(3);
    expect(document.paths['/lottery/{tag}'].get['x-quota-cost']).toBe(1);
  });

  it('consumes three units a request, whole: a client error keeps them, fewer than three left is the 403', async () => {
    const { token, jwt } = await holder(10);
    const statuses: number[] = [];
    const left: number[] = [];
    for (const outcome of ['ok', 'ok', 'missing']) {
      const res = await api.get(`/test-cost/${outcome}`, { token });
      statuses.push(res.status);
      left.push(remaining(res));
      expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    }
    expect(statuses).toEqual([200, 200, 404]);
    expect(left).toEqual([7, 4, 1]);
    const refused = await api.get('/test-cost/ok', { token });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: QUOTA });
    expect(remaining(refused)).toBe(1);
    // The unit left is still there for a route of cost 1.
    const cheap = await api.get('/lottery/fr_lotto', { token });
    expect(cheap.status).toBe(200);
    expect(remaining(cheap)).toBe(0);
    const report = await usage(jwt, 10);
    expect(report.remaining).toBe(0);
    expect(report.daily.reduce((sum, day) => sum + day.count, 0)).toBe(10);
  });

  it('gives all three back when the service fails the request (5xx)', async () => {
    const { token, jwt } = await holder(10);
    expect((await api.get('/test-cost/ok', { token })).status).toBe(200);
    const failed = await api.get('/test-cost/broken', { token });
    expect(failed.status).toBe(500);
    await usage(jwt, 3);
    const next = await api.get('/test-cost/ok', { token });
    expect(next.status).toBe(200);
    expect(remaining(next)).toBe(4);
  });

  if (withRedis)
    it('counts three units in the ledger while Redis is cut off, and in Redis again once it is back', async () => {
      const { token, jwt } = await holder(10);
      expect(remaining(await api.get('/test-cost/ok', { token }))).toBe(7);
      proxy!.cut('refuse');
      try {
        await eventually(async () => {
          expect((await api.get('/health/ready')).body.details.redis.quotas).toBe('postgresql');
        }, 10_000);
        const inLedger = await api.get('/test-cost/ok', { token });
        expect(inLedger.status).toBe(200);
        expect(remaining(inLedger)).toBe(4);
        const failed = await api.get('/test-cost/broken', { token });
        expect(failed.status).toBe(500);
        await usage(jwt, 6);
      } finally {
        proxy!.restore();
      }
      await eventually(async () => {
        expect((await api.get('/health/ready')).body.details.redis.quotas).toBe('redis');
      }, 10_000);
      expect(remaining(await api.get('/test-cost/ok', { token }))).toBe(1);
      const refused = await api.get('/test-cost/ok', { token });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: QUOTA });
      await usage(jwt, 9);
    });
});
