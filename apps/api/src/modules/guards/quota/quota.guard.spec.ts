import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import type { MeteredCaller, MeteringService } from '../../metering/metering.service';
import type { RequestMeter } from '../../metering/request-meter';
import type { Principal } from '../principal';
import { QuotaGuard } from './quota.guard';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalAtOnce } from '../../../../test/support/refusals';

type FakeRequest = { principal?: Principal; meter?: RequestMeter };

const principal = (changes: Partial<Principal> = {}): Principal => ({
  accountId: '00000000-0000-4000-8000-000000000004',
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license: { name: 'q3', monthlyQuota: 3, perSecond: 5, perMinute: 60, perHour: 600 },
  sessionVersion: 0,
  tokenId: 'my-token',
  ...changes,
});

/**
 * MeteringService's step 5, by hand: the month's count per account, known at once (like the instance's own
 * counters) or only after a lookup (a promise), refused with the contract's 403 once used up.
 */
class FakeMetering {
  readonly checks: { meter: RequestMeter; caller: MeteredCaller }[] = [];
  readonly used = new Map<string, number>();
  known = true;

  checkQuota(meter: RequestMeter, caller: MeteredCaller): void | Promise<void> {
    this.checks.push({ meter, caller });
    const decide = () => {
      const { monthlyQuota } = caller.license;
      if (monthlyQuota !== null && (this.used.get(caller.accountId) ?? 0) >= monthlyQuota) {
        throw ApiError.forbidden(Messages.quotaExceeded);
      }
    };
    if (this.known) return decide();
    const looked = Promise.resolve().then(decide);
    looked.catch(() => undefined); // a guard that dropped it fails its test, not the whole run
    return looked;
  }
}

describe('QuotaGuard (contract section 5, step 5)', () => {
  let metering: FakeMetering;
  let guard: QuotaGuard;

  beforeEach(() => {
    metering = new FakeMetering();
    guard = new QuotaGuard(metering as unknown as MeteringService);
  });

  it("checks the principal's quota on the request's meter and answers at once when the count is known", () => {
    const request: FakeRequest = { principal: principal() };
    expect(guard.canActivate(httpContextOf(request))).toBe(true);
    expect(metering.checks).toHaveLength(1);
    expect(metering.checks[0].caller).toBe(request.principal);
    expect(request.meter).toEqual({ rateLimits: [], rateWindows: [] });
    expect(metering.checks[0].meter).toBe(request.meter);
  });

  it('uses the meter an earlier step started (the client-IP limit), not a new one', () => {
    const meter: RequestMeter = {
      rateLimits: [],
      rateWindows: [{ limit: 6, remaining: 5, resetSeconds: 10 }],
    };
    const request: FakeRequest = { principal: principal(), meter };
    guard.canActivate(httpContextOf(request));
    expect(request.meter).toBe(meter);
    expect(metering.checks[0].meter).toBe(meter);
  });

  it('waits for a quota that has to be looked up, then lets the request through', async () => {
    metering.known = false;
    const answer = guard.canActivate(httpContextOf({ principal: principal() }));
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(true);
  });

  it('answers 403 when the month is used up (a known count: at once, no promise)', () => {
    metering.used.set(principal().accountId, 3);
    expect(refusalAtOnce(() => guard.canActivate(httpContextOf({ principal: principal() })))).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.quotaExceeded),
    });
  });

  it('answers 403 when a looked-up month is used up', async () => {
    metering.known = false;
    metering.used.set(principal().accountId, 3);
    const answer = guard.canActivate(httpContextOf({ principal: principal() }));
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    await expect(answer).rejects.toMatchObject({
      status: 403,
      body: errorBody.forbidden(Messages.quotaExceeded),
    });
  });

  it('lets an unlimited license through whatever it used', () => {
    const unlimited = principal({
      license: { name: 'unlimited', monthlyQuota: null, perSecond: 5, perMinute: 60, perHour: 600 },
    });
    metering.used.set(unlimited.accountId, 1_000_000);
    expect(guard.canActivate(httpContextOf({ principal: unlimited }))).toBe(true);
  });

  it('fails closed, without checking anything, when LicenseGuard did not run first', () => {
    for (const request of [{}, { principal: principal({ license: null }) }]) {
      expect(() => guard.canActivate(httpContextOf(request))).toThrow(/Guard order/);
    }
    expect(metering.checks).toEqual([]);
  });
});
