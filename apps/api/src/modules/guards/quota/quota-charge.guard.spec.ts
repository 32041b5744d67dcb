import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import type { MeteredCaller, MeteringService } from '../../metering/metering.service';
import type { RequestMeter } from '../../metering/request-meter';
import type { Principal } from '../principal';
import { QuotaChargeGuard } from './quota-charge.guard';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalOf } from '../../../../test/support/refusals';

type FakeRequest = { principal?: Principal; meter?: RequestMeter };

const principal = (changes: Partial<Principal> = {}): Principal => ({
  accountId: '00000000-0000-4000-8000-000000000005',
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license: { name: 'q2', monthlyQuota: 2, perSecond: 5, perMinute: 60, perHour: 600 },
  sessionVersion: 0,
  tokenId: 'my-token',
  ...changes,
});

/**
 * MeteringService's steps 6 and 7, by hand: the rate limits the meter holds (the first refused one is a 429 with
 * Retry-After), then one unit of the month's quota (403 once used up). Nothing is charged for a refused request.
 */
class FakeMetering {
  readonly charges: { meter: RequestMeter; caller: MeteredCaller }[] = [];
  readonly used = new Map<string, number>();
  /** Rate-limit keys that are exhausted. */
  readonly exhausted = new Set<string>();

  charge(meter: RequestMeter, caller: MeteredCaller): Promise<void> {
    this.charges.push({ meter, caller });
    const charged = this.chargeNow(meter, caller);
    charged.catch(() => undefined); // a guard that dropped it fails its test, not the whole run
    return charged;
  }

  private async chargeNow(meter: RequestMeter, caller: MeteredCaller): Promise<void> {
    await Promise.resolve();
    if (meter.rateLimits.some((rule) => this.exhausted.has(rule.key))) {
      meter.retryAfterSeconds = 1;
      throw ApiError.tooManyRequests();
    }
    const used = this.used.get(caller.accountId) ?? 0;
    if (caller.license.monthlyQuota !== null && used >= caller.license.monthlyQuota) {
      throw ApiError.forbidden(Messages.quotaExceeded);
    }
    this.used.set(caller.accountId, used + 1);
  }
}

describe('QuotaChargeGuard (contract section 5, steps 6 and 7 counted together)', () => {
  let metering: FakeMetering;
  let guard: QuotaChargeGuard;

  beforeEach(() => {
    metering = new FakeMetering();
    guard = new QuotaChargeGuard(metering as unknown as MeteringService);
  });

  it("charges the principal's account on the request's meter, once, and lets the request through", async () => {
    const meter: RequestMeter = {
      rateLimits: [{ key: 'rate:account-second:a', windowMs: 1000, limit: 5 }],
      rateWindows: [],
    };
    const request: FakeRequest = { principal: principal(), meter };
    expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    expect(metering.charges).toHaveLength(1);
    expect(metering.charges[0].meter).toBe(meter);
    expect(metering.charges[0].caller).toBe(request.principal);
    expect(metering.used.get(principal().accountId)).toBe(1);
  });

  it('starts a meter when none was started before', async () => {
    const request: FakeRequest = { principal: principal() };
    await guard.canActivate(httpContextOf(request));
    expect(request.meter).toBeDefined();
    expect(metering.charges[0].meter).toBe(request.meter);
  });

  it('does not answer before the charge is counted', async () => {
    let counted = false;
    jest.spyOn(metering, 'charge').mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      counted = true;
    });
    await guard.canActivate(httpContextOf({ principal: principal() }));
    expect(counted).toBe(true);
  });

  it('answers 403 once the month is used up', async () => {
    const request = () => ({ principal: principal() });
    expect(await guard.canActivate(httpContextOf(request()))).toBe(true);
    expect(await guard.canActivate(httpContextOf(request()))).toBe(true);
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request())))).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.quotaExceeded),
    });
    expect(metering.used.get(principal().accountId)).toBe(2);
  });

  it('answers 429, with no message and a Retry-After for the headers, when a rate limit is exhausted', async () => {
    metering.exhausted.add('rate:account-minute:a');
    const meter: RequestMeter = {
      rateLimits: [{ key: 'rate:account-minute:a', windowMs: 60_000, limit: 1 }],
      rateWindows: [],
    };
    expect(
      await refusalOf(() => guard.canActivate(httpContextOf({ principal: principal(), meter }))),
    ).toEqual({
      status: 429,
      body: errorBody.tooManyRequests(),
    });
    expect(meter.retryAfterSeconds).toBe(1);
    expect(metering.used.get(principal().accountId)).toBeUndefined();
  });

  it('fails closed, charging nothing, when LicenseGuard did not run first', async () => {
    for (const request of [{}, { principal: principal({ license: null }) }]) {
      await expect(guard.canActivate(httpContextOf(request))).rejects.toThrow(/Guard order/);
    }
    expect(metering.charges).toEqual([]);
  });
});
