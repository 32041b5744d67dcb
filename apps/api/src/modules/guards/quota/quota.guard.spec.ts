import type { FastifyReply } from 'fastify';
import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalOf } from '../../../../test/support/refusals';
import type { LicenseLimits } from '../../credentials/account-snapshot';
import { admissionInMemory } from '../../../../test/support/admission';
import type { Admission } from '../../metering/admission';
import { type RequestMeter, writeMeterHeaders } from '../../metering/request-meter';
import { ROUTE_ACCESS } from '../route-access';
import type { Principal } from '../principal';
import { QuotaGuard } from './quota.guard';

type FakeRequest = {
  principal?: Principal;
  meter?: RequestMeter;
  routeOptions?: { config: Record<string, unknown> };
};

const LICENSE: LicenseLimits = { name: 'pro', monthlyQuota: 10, perSecond: 2, perMinute: 50, perHour: 900 };
const principal = (license: LicenseLimits | null = LICENSE): Principal => ({
  accountId: '00000000-0000-4000-8000-000000000006',
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license,
  sessionVersion: 0,
  tokenId: 'my-token',
});

/** A route declared with `@Auth('apiToken', { cost })`, as Fastify hands its config to the request. */
const routeCosting = (cost: number) => ({
  config: { [ROUTE_ACCESS]: { level: 'apiToken', ipRateLimit: true, beforeBody: false, cost } },
});

describe('QuotaGuard: admission (contract section 5, steps 5–7) on in-process counters, and the headers', () => {
  let later: (ms: number) => number;
  let guard: QuotaGuard;
  let admission: Admission;

  beforeEach(() => {
    ({ admission, later } = admissionInMemory());
    guard = new QuotaGuard(admission);
  });

  /** The request through the guard, and the headers its answer gets (the onSend hook's writeMeterHeaders). */
  async function send(
    license: LicenseLimits = LICENSE,
    request: FakeRequest = { principal: principal(license) },
  ) {
    const headers: Record<string, unknown> = {};
    const reply = {
      header: (name: string, value: unknown) => (headers[name] = value),
    } as unknown as FastifyReply;
    let refused: { status: number; body: unknown } | undefined;
    try {
      expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    } catch (error) {
      const { status, body } = await refusalOf(() => Promise.reject(error));
      refused = { status, body };
    }
    if (request.meter) writeMeterHeaders(reply, request.meter);
    return { refused, headers, meter: request.meter };
  }

  it('lets the request in with the tightest window and the quota in the headers, and keeps the charge', async () => {
    const { refused, headers, meter } = await send();
    expect(refused).toBeUndefined();
    expect(headers).toEqual({
      'X-RateLimit-Limit': 2,
      'X-RateLimit-Remaining': 1,
      'X-RateLimit-Reset': 1,
      'X-Quota-Limit': 10,
      'X-Quota-Remaining': 9,
      'X-Quota-Reset': '2030-07-01T00:00:00.000Z',
    });
    expect(meter?.charged).toMatchObject({ accountId: principal().accountId, units: 1 });
  });

  it('adds to the meter an earlier step started (the client-IP limit): the tightest of all windows is shown', async () => {
    const meter: RequestMeter = { rateWindows: [{ limit: 6, remaining: 0, resetSeconds: 10 }] };
    const { headers } = await send(LICENSE, { principal: principal(), meter });
    expect(meter.rateWindows).toHaveLength(4);
    expect(headers).toMatchObject({ 'X-RateLimit-Limit': 6, 'X-RateLimit-Remaining': 0 });
  });

  it('answers 429 with Retry-After past the per-second limit, charging nothing, and lets the next second in', async () => {
    await send();
    expect((await send()).headers['X-RateLimit-Remaining']).toBe(0);
    const { refused, headers, meter } = await send();
    expect(refused).toEqual({ status: 429, body: errorBody.tooManyRequests() });
    expect(headers).toMatchObject({ 'Retry-After': 1, 'X-RateLimit-Remaining': 0, 'X-Quota-Remaining': 8 });
    expect(meter?.charged).toBeUndefined();
    later(1000);
    const next = await send();
    expect(next.refused).toBeUndefined();
    expect(next.headers).toMatchObject({ 'X-Quota-Remaining': 7 });
    expect(next.headers['Retry-After']).toBeUndefined();
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

  it("charges the route's declared cost, and refuses when fewer units are left than it", async () => {
    const costly = () => ({ principal: principal(), routeOptions: routeCosting(4) });
    expect((await send(LICENSE, costly())).headers['X-Quota-Remaining']).toBe(6);
    later(1000);
    expect((await send(LICENSE, costly())).headers['X-Quota-Remaining']).toBe(2);
    later(1000);
    const { refused, headers } = await send(LICENSE, costly());
    expect(refused).toEqual({ status: 403, body: errorBody.forbidden(Messages.quotaExceeded) });
    expect(headers['X-Quota-Remaining']).toBe(2);
    // Two units are left: a route of cost 1 still gets in.
    expect((await send()).headers['X-Quota-Remaining']).toBe(1);
  });

  it('omits X-Quota-Limit and X-Quota-Remaining for an unlimited license', async () => {
    const { headers } = await send({ ...LICENSE, monthlyQuota: null });
    expect(headers).toMatchObject({ 'X-RateLimit-Limit': 2, 'X-Quota-Reset': expect.any(String) });
    expect(Object.keys(headers)).not.toContain('X-Quota-Limit');
    expect(Object.keys(headers)).not.toContain('X-Quota-Remaining');
  });

  it('fails closed, admitting nothing, when LicenseGuard did not run first', async () => {
    const admit = jest.spyOn(admission, 'admit');
    for (const request of [{}, { principal: principal(null) }]) {
      await expect(guard.canActivate(httpContextOf(request))).rejects.toThrow(/Guard order/);
    }
    expect(admit).not.toHaveBeenCalled();
  });
});
