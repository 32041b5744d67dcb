import { createClient, LotteryApiError, type LotteryClient } from '../src';
import { testApi } from './support/env';
import { adminClient, apiError, collect, registerSubscriber, type Subscriber } from './support/fixtures';

describe('administration and typed errors', () => {
  let admin: LotteryClient;
  let subscriber: Subscriber;

  beforeAll(async () => {
    admin = await adminClient();
    subscriber = await registerSubscriber('errors');
  });

  it('creates a license, and refuses a name that exists with a typed 409', async () => {
    const name = `sdk-created-${Date.now()}`;
    const limits = { monthlyQuota: 10, perSecond: 1, perMinute: 10, perHour: 100 };
    expect(await admin.admin.licenses.create({ name, ...limits })).toEqual({ name, ...limits });
    const again = await apiError(admin.admin.licenses.create({ name, ...limits, monthlyQuota: 7 }));
    expect(again).toMatchObject({ status: 409, code: 409, message: 'License already exists.' });
  });

  it('lists accounts and licenses, page by page and with the iterators', async () => {
    const page = await admin.admin.accounts.list({ email: subscriber.email });
    expect(page).toMatchObject({ total: 1, more: false });
    expect(page.accounts?.[0]).toMatchObject({ id: subscriber.accountId, email: subscriber.email });

    const everyone = await collect(admin.accounts());
    expect(everyone.map((account) => account.email)).toEqual(
      expect.arrayContaining([testApi().adminEmail, subscriber.email]),
    );
    const filtered = await collect(admin.accounts({ email: subscriber.email }));
    expect(filtered.map((account) => account.id)).toEqual([subscriber.accountId]);

    await expect(admin.admin.accounts.get(subscriber.accountId)).resolves.toMatchObject({
      email: subscriber.email,
    });

    const licenses = await collect(admin.licenses());
    expect(licenses).toEqual(
      expect.arrayContaining([
        { name: 'free', monthlyQuota: 1000, perSecond: 20, perMinute: 1200, perHour: 72000 },
        expect.objectContaining({ name: 'basic', monthlyQuota: 50000 }),
        expect.objectContaining({ name: 'pro', monthlyQuota: 1000000 }),
      ]),
    );
  });

  it('answers the health checks without any credential', async () => {
    const anonymous = createClient({ baseUrl: testApi().baseUrl });
    await expect(anonymous.health.live()).resolves.toMatchObject({ status: 'ok' });
    await expect(anonymous.health.ready()).resolves.toMatchObject({
      status: 'ok',
      details: { catalog: { status: 'up' }, database: { status: 'up' } },
    });
  });

  it('401: a lottery endpoint without X-API-Token', async () => {
    const error = await apiError(createClient({ baseUrl: testApi().baseUrl }).lottery.list());
    expect(error).toBeInstanceOf(LotteryApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 401,
      error: 'Unauthorized',
      message: "Token header 'X-API-Token' missing",
    });
    expect(error.retryAfter).toBeUndefined();
  });

  it('403: administration needs the admin role', async () => {
    const error = await apiError(subscriber.account.admin.licenses.list());
    expect(error).toMatchObject({
      status: 403,
      code: 403,
      error: 'Forbidden',
      message: 'Administrator role required.',
    });
  });

  it('403: an account without a license, then a disabled account', async () => {
    const other = await registerSubscriber('unlicensed');
    await admin.admin.accounts.update(other.accountId, { license: null });
    const unlicensed = await apiError(other.lottery.lottery.get('fr_lotto'));
    expect(unlicensed).toMatchObject({
      status: 403,
      code: 403,
      error: 'Forbidden',
      message: 'Your account does not have the required license. Please purchase a license.',
    });

    await admin.admin.accounts.update(other.accountId, { license: 'free', disabled: true });
    const disabled = await apiError(other.lottery.lottery.get('fr_lotto'));
    expect(disabled).toMatchObject({ status: 403, code: 403, message: 'Your account has been disabled.' });
  });

  it('404: unknown lottery, with the contract body', async () => {
    const error = await apiError(subscriber.lottery.lottery.get('xx_nothing'));
    expect(error).toMatchObject({
      status: 404,
      code: 404,
      error: 'Not Found',
      message: 'Lottery not found.',
    });
    expect(error.body).toEqual({ code: 404, error: 'Not Found', message: 'Lottery not found.' });
  });

  it('429: a license allowing one request per second; the error carries retryAfter', async () => {
    const slow = await registerSubscriber('rate-limited');
    await admin.admin.licenses.put('sdk-test-one-per-second', {
      monthlyQuota: null,
      perSecond: 1,
      perMinute: 1000,
      perHour: 10000,
    });
    await admin.admin.accounts.update(slow.accountId, { license: 'sdk-test-one-per-second' });

    const results = await Promise.allSettled([1, 2, 3].map(() => slow.lottery.lottery.get('uk_lotto')));
    const rejected = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    // Windows are aligned to the clock's seconds: a burst that straddles a boundary lets a second call through.
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(rejected.length).toBeLessThanOrEqual(2);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(LotteryApiError);
      const tooMany = error as LotteryApiError;
      expect(tooMany).toMatchObject({ status: 429, code: 429, error: 'Too Many Requests' });
      // No `message` in a 429 body: the error's message falls back to the status text.
      expect(tooMany.body).toEqual({ code: 429, error: 'Too Many Requests' });
      expect(tooMany.message).toBe('Too Many Requests');
      expect(tooMany.retryAfter).toEqual(expect.any(Number));
      expect(tooMany.retryAfter).toBeGreaterThanOrEqual(1);
      expect(tooMany.retryAfter).toBeLessThanOrEqual(1);
    }
  });

  it('429 inside an iterator: the walk waits for Retry-After and goes on', async () => {
    const slow = await registerSubscriber('paced');
    await admin.admin.licenses.put('sdk-test-paced', {
      monthlyQuota: null,
      perSecond: 1,
      perMinute: 1000,
      perHour: 10000,
    });
    await admin.admin.accounts.update(slow.accountId, { license: 'sdk-test-paced' });
    const filter = { from: '2023-01-01', to: '2023-03-31' }; // fr_lotto draws three times a week: 3 pages or more
    const { total } = await subscriber.lottery.lottery.draws('fr_lotto', { ...filter, limit: 0 });
    expect(total).toBeGreaterThan(30);
    const draws = await collect(slow.lottery.draws('fr_lotto', filter));
    expect(draws).toHaveLength(total);
  });

  it('administers lotteries and their draws', async () => {
    const tag = `sdk_test_${Date.now().toString(36)}`;
    const created = await admin.admin.lotteries.create({
      tag,
      name: 'SDK Test Lotto',
      country: 'FR',
      timezone: 'Europe/Paris',
      main: { count: 5, min: 1, max: 49, distinct: true },
      special: null,
    });
    expect(created).toMatchObject({ tag, name: 'SDK Test Lotto', special: null, draws: { count: 0 } });
    const duplicate = await apiError(
      admin.admin.lotteries.create({
        tag,
        name: 'Again',
        country: 'FR',
        timezone: 'Europe/Paris',
        main: { count: 5, min: 1, max: 49 },
      }),
    );
    expect(duplicate).toMatchObject({ status: 409, code: 409 });
    await expect(admin.admin.lotteries.update(tag, { name: 'Renamed' })).resolves.toMatchObject({
      tag,
      name: 'Renamed',
    });
    await expect(subscriber.lottery.lottery.get(tag)).resolves.toMatchObject({ name: 'Renamed' });

    const put = await admin.admin.draws.put(tag, '2024-01-05', { main: [3, 14, 15, 9, 26] });
    expect(put.numbers.map((number) => number.value)).toEqual([3, 14, 15, 9, 26]);
    const read = await subscriber.lottery.lottery.byDate(tag, '2024-01-05');
    expect(read).toEqual(put);
    const invalid = await apiError(admin.admin.draws.put(tag, '2024-01-06', { main: [1, 2, 3, 4, 50] }));
    expect(invalid).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });

    const imported = await admin.admin.draws.import(
      tag,
      'date,main,special\n2024-01-08,1 2 3 4 5,\n2024-01-09,1 2 3 4 99,\n',
    );
    expect(imported).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 });
    expect(imported.errors).toEqual([{ line: 3, message: expect.any(String) }]);
    expect((await collect(subscriber.lottery.draws(tag))).map((draw) => draw.date)).toEqual([
      '2024-01-08',
      '2024-01-05',
    ]);

    await expect(admin.admin.draws.delete(tag, '2024-01-05')).resolves.toBeUndefined();
    const gone = await apiError(subscriber.lottery.lottery.byDate(tag, '2024-01-05'));
    expect(gone).toMatchObject({ status: 404, message: 'No draws were found for lottery.' });
  });
});
