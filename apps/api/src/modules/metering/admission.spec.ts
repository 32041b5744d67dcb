import { Messages } from '../../common/errors/messages';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { admissionInMemory } from '../../../test/support/admission';
import { connectTestRedis } from '../../../test/support/redis';
import { type MeteredCaller, refusalError, type Verdict } from './admission';
import { RedisCounterStore } from './redis-counter-store';

const setUp = admissionInMemory;

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const caller = (
  monthlyQuota: number | null,
  limits: Partial<MeteredCaller['license']> = {},
): MeteredCaller => ({
  accountId: ACCOUNT_ID,
  tokenId: 't',
  license: { monthlyQuota, perSecond: 20, perMinute: 1200, perHour: 72_000, ...limits },
});

const refusalOf = (verdict: Verdict) => (verdict.admitted ? undefined : verdict.refusal);

describe('Admission: contract section 5, steps 5–7, in one function', () => {
  it('step 5 refuses a used-up month before any rate window is counted', async () => {
    const { store, admission, metrics } = setUp({ used: 3, version: 1 });
    const hits = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const verdict = await admission.admit(caller(3), 1);
    expect(verdict).toEqual({
      admitted: false,
      refusal: 'quota-used-up',
      windows: [],
      quota: expect.objectContaining({ used: 3, quota: 3, remaining: 0 }),
    });
    expect(hits).not.toHaveBeenCalled();
    expect(await metrics.quotaRejections.get()).toMatchObject({ values: [{ value: 1 }] });
  });

  it("counts the license's three windows and the charge in one store call, per account", async () => {
    const { store, admission, recorded } = setUp({ used: 5, version: 1 });
    const together = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const apart = jest.spyOn(store, 'rateLimitHits');
    const verdict = await admission.admit(caller(10), 1);
    expect(together).toHaveBeenCalledTimes(1);
    expect(together.mock.calls[0][0].map((rule) => [rule.key, rule.windowMs, rule.limit])).toEqual([
      [`rate:account-second:${ACCOUNT_ID}`, 1000, 20],
      [`rate:account-minute:${ACCOUNT_ID}`, 60_000, 1200],
      [`rate:account-hour:${ACCOUNT_ID}`, 3_600_000, 72_000],
    ]);
    expect(apart).not.toHaveBeenCalled();
    expect(verdict).toEqual({
      admitted: true,
      windows: [
        { limit: 20, remaining: 19, resetSeconds: 1 },
        { limit: 1200, remaining: 1199, resetSeconds: 1 },
        { limit: 72_000, remaining: 71_999, resetSeconds: 1 },
      ],
      quota: expect.objectContaining({ used: 6, quota: 10, remaining: 4 }),
      charge: expect.objectContaining({ accountId: ACCOUNT_ID, tokenId: 't', units: 1, inLedger: false }),
    });
    expect(recorded).toEqual(['record 1', 'quota 1']);
  });

  it("a route's cost: refused when fewer units are left, else consumed whole; the windows count one request", async () => {
    const { store, admission, recorded } = setUp({ used: 7, version: 1 });
    const hits = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const short = await admission.admit(caller(9), 3);
    expect(refusalOf(short)).toBe('quota-used-up');
    expect(short.quota).toMatchObject({ used: 7, remaining: 2 });
    expect(hits).not.toHaveBeenCalled();

    const verdict = await admission.admit(caller(10), 3);
    expect(hits).toHaveBeenCalledTimes(1);
    expect(verdict).toMatchObject({
      admitted: true,
      quota: { used: 10, quota: 10, remaining: 0 },
      charge: { units: 3, inLedger: false },
    });
    expect(verdict.windows[0]).toEqual({ limit: 20, remaining: 19, resetSeconds: 1 });
    expect(recorded).toEqual(['record 3', 'quota 3']);
  });

  it('a full window refuses with Retry-After and charges nothing; the next second lets the request in', async () => {
    const { admission, recorded, later } = setUp();
    const tight = caller(100, { perSecond: 2 });
    expect((await admission.admit(tight, 1)).admitted).toBe(true);
    expect((await admission.admit(tight, 1)).windows[0].remaining).toBe(0);
    const refused = await admission.admit(tight, 1);
    expect(refused).toMatchObject({
      admitted: false,
      refusal: 'rate-limited',
      retryAfterSeconds: 1,
      quota: { used: 2, remaining: 98 },
    });
    expect(recorded.filter((r) => r.startsWith('record'))).toHaveLength(2);
    later(1000);
    expect(await admission.admit(tight, 1)).toMatchObject({ admitted: true, quota: { remaining: 97 } });
  });

  it('a used-up month answers 403 even when a window is also full (step 5 before step 6)', async () => {
    const { admission } = setUp();
    const tight = caller(2, { perSecond: 2 });
    await admission.admit(tight, 1);
    await admission.admit(tight, 1);
    expect(refusalOf(await admission.admit(tight, 1))).toBe('quota-used-up');
  });

  it('lets exactly the quota through a concurrent burst', async () => {
    const { admission } = setUp();
    const roomy = caller(12, { perSecond: 1000 });
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => admission.admit(roomy, 1)));
    expect(verdicts.filter((v) => v.admitted)).toHaveLength(12);
    expect(verdicts.filter((v) => refusalOf(v) === 'quota-used-up')).toHaveLength(18);
  });

  it('an unlimited license is charged (usage) but never refused for its quota', async () => {
    const { admission } = setUp({ used: 1_000_000, version: 1 });
    const verdict = await admission.admit(caller(null), 5);
    expect(verdict).toMatchObject({
      admitted: true,
      quota: { quota: null, remaining: null },
      charge: { units: 5 },
    });
  });

  it("MCP messages: counted in the account's windows, all at once, no quota", async () => {
    const { store, admission, recorded } = setUp();
    const increment = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    const tight = caller(5, { perSecond: 4 });
    expect(await admission.admitMessages(tight, 3)).toEqual({
      admitted: true,
      windows: [
        { limit: 4, remaining: 1, resetSeconds: 1 },
        { limit: 1200, remaining: 1197, resetSeconds: 1 },
        { limit: 72_000, remaining: 71_997, resetSeconds: 1 },
      ],
    });
    // Two more do not fit in the second's one place left: refused whole, nothing counted.
    expect(await admission.admitMessages(tight, 2)).toMatchObject({
      admitted: false,
      refusal: 'rate-limited',
    });
    const after = await admission.admit(tight, 1);
    expect(after.admitted).toBe(true);
    expect(after.windows[0]).toEqual({ limit: 4, remaining: 0, resetSeconds: 1 });
    expect(increment).toHaveBeenCalledTimes(1);
    expect(recorded).toEqual(['record 1', 'quota 1']);
  });

  it("refusals are the contract's: 403 with its message, 429 without one", () => {
    expect(refusalError('quota-used-up')).toMatchObject({
      status: 403,
      body: { message: Messages.quotaExceeded },
    });
    expect(refusalError('rate-limited').status).toBe(429);
    expect(refusalError('rate-limited').body.message).toBeUndefined();
  });

  it('one budget per account: every token of it, whichever route or address, counts in the same windows', async () => {
    const { admission } = setUp();
    const tight = caller(100, { perSecond: 2 });
    await admission.admit({ ...tight, tokenId: 'first' }, 1);
    await admission.admit({ ...tight, tokenId: 'second' }, 1);
    expect(refusalOf(await admission.admit({ ...tight, tokenId: 'third' }, 1))).toBe('rate-limited');
    const other = { ...tight, accountId: '00000000-0000-4000-8000-000000000002' };
    expect((await admission.admit(other, 1)).admitted).toBe(true);
  });

  it('a month this instance has not seen is read once; then step 5 decides without asking the store', async () => {
    const { store, admission } = setUp({ used: 4, version: 1 });
    const spies = (['quota', 'seedQuota', 'incrementIfBelow', 'rateLimitHits'] as const).map((method) =>
      jest.spyOn(store, method),
    );
    const together = jest.spyOn(store, 'rateLimitHitsThenIncrement');
    expect(await admission.admit(caller(10), 1)).toMatchObject({ admitted: true, quota: { used: 5 } });
    const lookups = spies.map((spy) => spy.mock.calls.length);
    expect(lookups.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await admission.admit(caller(10), 1);
    // Each later admission: the one store call of steps 6 and 7, nothing else.
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual(lookups);
    expect(together).toHaveBeenCalledTimes(4);
  });
});

describe('Admission on Redis: one round trip per request', () => {
  let redis: Redis;
  beforeAll(async () => (redis = await connectTestRedis()));
  afterAll(() => redis.quit());

  it('once the month is known, steps 5–7 send Redis one command, and the quota stays exact', async () => {
    const prefix = `lrs-spec-${randomBytes(4).toString('hex')}:`;
    const { admission } = setUp({ used: 0, version: 0 }, () => new RedisCounterStore(redis, prefix));
    const limited = caller(3);
    expect((await admission.admit(limited, 1)).admitted).toBe(true); // reads and seeds the month first
    const sent = jest.spyOn(redis, 'sendCommand');
    const second = await admission.admit(limited, 2);
    expect(second).toMatchObject({ admitted: true, quota: { used: 3, remaining: 0 } });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(refusalOf(await admission.admit(limited, 1))).toBe('quota-used-up');
    sent.mockRestore();
  });
});
