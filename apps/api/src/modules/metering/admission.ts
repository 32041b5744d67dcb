import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { LicenseLimits } from '../credentials/account-snapshot';
import { MetricsService } from '../metrics/metrics.service';
import { COUNTER_STORE, type CounterStore, type RateLimitRule } from './counter-store';
import { QuotaService, type Charge, type QuotaState } from './quota.service';
import { type RateWindowState, rateWindowsOf } from './request-meter';

/** Who a metered request is charged to: an account with a license (LicenseGuard has passed). */
export interface MeteredCaller {
  accountId: string;
  tokenId?: string;
  license: Pick<LicenseLimits, 'monthlyQuota' | 'perSecond' | 'perMinute' | 'perHour'>;
}

/** What admission decided about one request: let in and charged, or refused, with the figures for the headers. */
export type Verdict =
  | { admitted: true; windows: RateWindowState[]; quota: QuotaState; charge: Charge }
  | { admitted: false; refusal: 'quota-used-up'; windows: RateWindowState[]; quota: QuotaState }
  | {
      admitted: false;
      refusal: 'rate-limited';
      windows: RateWindowState[];
      quota?: QuotaState;
      retryAfterSeconds: number;
    };

/** The license's three windows (contract section 6), per account, whatever route or address the request uses. */
const ACCOUNT_WINDOWS = [
  { name: 'second', windowMs: 1000, limitOf: (license: MeteredCaller['license']) => license.perSecond },
  { name: 'minute', windowMs: 60_000, limitOf: (license: MeteredCaller['license']) => license.perMinute },
  { name: 'hour', windowMs: 3_600_000, limitOf: (license: MeteredCaller['license']) => license.perHour },
] as const;

/** The counter of one of an account's windows (the keys @nestjs/throttler's `account-*` throttlers used). */
export const accountWindowKey = (window: string, accountId: string) => `rate:account-${window}:${accountId}`;

/**
 * The account's windows for a request of `units` (one per request; an MCP POST counts its messages). The keys
 * are kept per account, so that a request builds three small objects and no string.
 */
const keysByAccount = new Map<string, string[]>();
const KEYS_KEPT = 10_000;
function accountWindowRules(caller: MeteredCaller, units: number): RateLimitRule[] {
  let keys = keysByAccount.get(caller.accountId);
  if (!keys) {
    if (keysByAccount.size >= KEYS_KEPT) keysByAccount.clear();
    keys = ACCOUNT_WINDOWS.map(({ name }) => accountWindowKey(name, caller.accountId));
    keysByAccount.set(caller.accountId, keys);
  }
  return ACCOUNT_WINDOWS.map(({ windowMs, limitOf }, i) => ({
    key: keys[i],
    windowMs,
    limit: limitOf(caller.license),
    ...(units === 1 ? {} : { cost: units }),
  }));
}

/**
 * Admission: whether a metered request is let in, and what it is charged. Contract section 5's steps 5–7, top to
 * bottom, in one function, with the route's cost as an argument:
 *   5. the month leaves fewer units than the cost → refused (403), as far as this instance knows: no round trip;
 *   6. the license's per-second, per-minute and per-hour windows, per account → refused (429) when any is full;
 *   7. the cost in units of quota, consumed whole or not at all → refused (403) when another request took the
 *      last ones first.
 * Steps 6 and 7 are one atomic counter-store call (one Redis round trip): a request refused by a window is
 * charged nothing. What stays billed once the request is answered is billing.ts's rule (MeteringService.settle).
 */
@Injectable()
export class Admission {
  constructor(
    private readonly quota: QuotaService,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly metrics: MetricsService,
  ) {}

  /** Steps 5–7 for a request of a route that costs `cost` units of quota. */
  admit(caller: MeteredCaller, cost: number): Promise<Verdict> {
    // This instance usually knows the month's count already: then step 5 decides without waiting.
    const checked = this.quota.stateForCheck(caller.accountId, caller.license.monthlyQuota);
    return checked instanceof Promise
      ? checked.then((state) => this.admitChecked(caller, cost, state))
      : this.admitChecked(caller, cost, checked);
  }

  /**
   * Step 6 alone, for `units` requests at once and no quota: the MCP messages a POST answers itself
   * (initialize, tools/list…) are counted in the account's windows; its tool calls are admitted as their routes.
   */
  async admitMessages(
    caller: MeteredCaller,
    units: number,
  ): Promise<Extract<Verdict, { refusal: 'rate-limited' }> | { admitted: true; windows: RateWindowState[] }> {
    const rules = accountWindowRules(caller, units);
    const { windows, retryAfterSeconds } = rateWindowsOf(rules, await this.store.rateLimitHits(rules));
    if (retryAfterSeconds === undefined) return { admitted: true, windows };
    this.metrics.rateLimitRejections.inc();
    return { admitted: false, refusal: 'rate-limited', windows, retryAfterSeconds };
  }

  private async admitChecked(caller: MeteredCaller, cost: number, checked: QuotaState): Promise<Verdict> {
    const { accountId, tokenId, license } = caller;
    if (checked.remaining !== null && checked.remaining < cost) return this.usedUp([], checked);
    const rules = accountWindowRules(caller, 1);
    const charge = this.quota.pendingCharge(accountId, checked, cost);
    const { hits, increment } = await this.store.rateLimitHitsThenIncrement(rules, charge);
    const { windows, retryAfterSeconds } = rateWindowsOf(rules, hits);
    if (retryAfterSeconds !== undefined) {
      this.metrics.rateLimitRejections.inc();
      return { admitted: false, refusal: 'rate-limited', windows, quota: checked, retryAfterSeconds };
    }
    const madeAhead = increment === undefined ? undefined : { charge, result: increment };
    const consumed = await this.quota.consume(accountId, license.monthlyQuota, tokenId, madeAhead, cost);
    if (!consumed) return this.usedUp(windows, checked);
    return { admitted: true, windows, quota: consumed.state, charge: consumed.charge };
  }

  private usedUp(windows: RateWindowState[], quota: QuotaState): Verdict {
    this.metrics.quotaRejections.inc();
    return { admitted: false, refusal: 'quota-used-up', windows, quota };
  }
}

/** A refusal as the contract answers it: 403 with its message for the quota, 429 (no message) for a window. */
export function refusalError(refusal: 'quota-used-up' | 'rate-limited'): ApiError {
  return refusal === 'quota-used-up'
    ? ApiError.forbidden(Messages.quotaExceeded)
    : ApiError.tooManyRequests();
}
