import { createClient, type LotteryClient } from '../src';
import { testApi } from './support/env';
import { adminClient, apiError, collect, registerSubscriber } from './support/fixtures';

/** Bundled with the API: au_powerball's whole history has 352 draws. */
const AU_POWERBALL_DRAWS = 352;
const BUNDLED = ['au_powerball', 'eu_euromillions', 'fr_lotto', 'uk_lotto', 'us_powerball'];

const isNewestFirst = (dates: string[]) => dates.every((date, i) => i === 0 || dates[i - 1] > date);

describe('lottery endpoints', () => {
  let client: LotteryClient;

  beforeAll(async () => {
    const subscriber = await registerSubscriber('lottery');
    // The free license allows 20 requests a second; these tests send bursts, so they get a roomier one. (How the
    // iterators cope with 429 is tested in admin-and-errors.spec.ts.)
    const admin = await adminClient();
    await admin.admin.licenses.put('sdk-test-roomy', {
      monthlyQuota: null,
      perSecond: 1000,
      perMinute: 60000,
      perHour: 1000000,
    });
    await admin.admin.accounts.update(subscriber.accountId, { license: 'sdk-test-roomy' });
    client = subscriber.lottery;
  });

  it('reads what a draw paid: prizes(tag, date) and latestPrizes(tag), typed, and the 404 while none is stored', async () => {
    // FDJ's EuroMillions file: on 2025-03-25 rank 2 (5 + 1 star) went to 2 lines in Europe, EUR 616,553.40 each.
    const prizes = await client.prizes('eu_euromillions', '2025-03-25');
    expect(prizes).toMatchObject({ lottery: 'eu_euromillions', date: '2025-03-25', currency: 'EUR' });
    expect(prizes.divisions[1]).toMatchObject({
      rank: 2,
      match: { main: 5, special: 1 },
      winners: 2,
      amount: 616553.4,
    });
    expect(prizes.divisions[0]).toMatchObject({ rank: 1, winners: 0, amount: null });
    expect(await client.latestPrizes('eu_euromillions')).toEqual(prizes);
    const none = await apiError(client.latestPrizes('us_powerball'));
    expect(none).toMatchObject({ status: 404, message: 'No prizes were found for draw.' });
  });

  it('checks tickets: one draw (division or null), a range (wins only), typed 400s naming the ticket', async () => {
    // uk_lotto 2025-07-30: 3 5 7 18 21 37, bonus 38.
    const one = await client.check(
      'uk_lotto',
      [{ main: [3, 5, 7, 18, 21, 38] }, { main: [1, 2, 4, 6, 8, 9] }],
      {
        date: '2025-07-30',
      },
    );
    expect(one).toMatchObject({ lottery: 'uk_lotto', from: '2025-07-30', to: '2025-07-30', draws: 1 });
    expect(one.tickets[0].results[0].division).toEqual({
      rank: 2,
      match: { main: 5, special: 1 },
      prize: { type: 'fixed', amount: 1000000, currency: 'GBP' },
    });
    expect(one.tickets[1].results[0]).toMatchObject({ main: [], division: null });
    expect(one.tickets[0]).not.toHaveProperty('won');
    // The same draw as a range of one: only the wins, and always the range's sums.
    const oneInRange = await client.check(
      'uk_lotto',
      [{ main: [3, 5, 7, 18, 21, 38] }, { main: [1, 2, 4, 6, 8, 9] }],
      { from: '2025-07-30', to: '2025-07-30' },
    );
    expect(oneInRange.tickets[0].results.map((result) => result.division?.rank)).toEqual([2]);
    expect(oneInRange.tickets[0].won).toHaveLength(1);
    expect(oneInRange.tickets[1]).toMatchObject({ won: [], amountsUnknown: 0, results: [] });

    const range = await client.check('us_powerball', [{ main: [3, 11, 26, 40, 62], special: [7] }], {
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const dates = range.tickets[0].results.map((result) => result.date);
    expect(isNewestFirst(dates)).toBe(true);
    expect(range.tickets[0].results.every((result) => result.division !== null)).toBe(true);

    const refused = await apiError(client.check('us_powerball', [{ main: [1, 2, 3, 4, 5] }]));
    expect(refused).toMatchObject({ status: 400, code: 401, error: 'Bad Request' });
    expect(refused.message).toBe(
      "Invalid 'tickets[0].special' value: expected 1 number from 1 to 26 (the rules from 2015-10-07), got 0.",
    );
  });

  it('reads number statistics: the default window, and an arbitrary one', async () => {
    const current = await client.stats('us_powerball');
    expect(current).toMatchObject({ lottery: 'us_powerball', from: '2015-10-07', to: '2026-08-05' });
    expect(current.main.map((entry) => entry.value)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    expect(current.special).toHaveLength(26);
    const counted = current.main.reduce((sum, entry) => sum + entry.count, 0);
    expect(counted).toBe(current.draws * 5);
    const year = await client.stats('de_lotto', { from: '2025-01-01', to: '2025-12-31' });
    expect(year.draws).toBeGreaterThan(90);
    expect(year.special?.map((entry) => entry.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lists lotteries as an envelope ordered by tag, and limit=0 gives only the counts', async () => {
    const page = await client.lottery.list();
    expect(page).toMatchObject({ limit: 15, offset: 0 });
    const tags = (page.lotteries ?? []).map((lottery) => lottery.tag);
    expect(tags).toEqual([...tags].sort());
    expect(page.total).toBeGreaterThanOrEqual(BUNDLED.length);

    const counts = await client.lottery.list({ limit: 0 });
    expect(counts).toEqual({ limit: 0, offset: 0, more: true, total: page.total });
  });

  it('iterates over every lottery with lotteries()', async () => {
    const all = await collect(client.lotteries());
    const { total } = await client.lottery.list({ limit: 0 });
    const tags = all.map((lottery) => lottery.tag);
    expect(tags).toHaveLength(total);
    expect(new Set(tags).size).toBe(total);
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(BUNDLED));
  });

  it('narrows the lotteries by country, name words and status', async () => {
    const all = await collect(client.lotteries());
    const us = await collect(client.lotteries({ country: 'us', status: 'active' }));
    expect(us.map((lottery) => lottery.tag)).toEqual(
      all
        .filter((lottery) => lottery.country === 'US' && lottery.status === 'active')
        .map((lottery) => lottery.tag),
    );
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((lottery) => lottery.status === 'active')).toBe(true);
    const page = await client.lottery.list({ q: 'euro millions' });
    expect(page.lotteries?.map((lottery) => lottery.tag)).toEqual(['eu_euromillions']);
    const directory = await client.lottery.directory({ status: 'retired' });
    // Cash4Life ended in 2026: a retired game of the bundle.
    expect(directory.total).toBe(all.filter((lottery) => lottery.status === 'retired').length);
    expect(directory.total).toBeGreaterThan(0);
  });

  it('gets one lottery with its rules and draw figures', async () => {
    const lottery = await client.lottery.get('au_powerball');
    expect(lottery).toMatchObject({ tag: 'au_powerball', draws: { count: AU_POWERBALL_DRAWS } });
    expect(lottery.draws.first! < lottery.draws.last!).toBe(true);
    expect(lottery.rules.length).toBeGreaterThanOrEqual(1);
  });

  it('gets the latest draw, and the same draw by its date', async () => {
    const lottery = await client.lottery.get('eu_euromillions');
    const latest = await client.lottery.latest('eu_euromillions');
    expect(latest.date).toBe(lottery.draws.last);
    const specials = latest.numbers.map((number) => number.special);
    expect(specials).toEqual([...specials].sort()); // main numbers (false) first, then special (true)
    expect(latest.numbers.filter((number) => !number.special)).toHaveLength(lottery.main.count);

    await expect(client.lottery.byDate('eu_euromillions', latest.date)).resolves.toEqual(latest);

    const sorted = await client.lottery.byDate('eu_euromillions', latest.date, { sortNumber: true });
    const mainValues = sorted.numbers.filter((number) => !number.special).map((number) => number.value);
    expect(mainValues).toEqual([...mainValues].sort((a, b) => a - b));
    // `order` belongs to the number, whatever the sort.
    expect([...sorted.numbers].sort((a, b) => a.value - b.value)).toEqual(
      expect.arrayContaining(latest.numbers),
    );

    const descending = await client.lottery.byDate('eu_euromillions', latest.date, { sortNumber: 'desc' });
    const descValues = descending.numbers.filter((number) => !number.special).map((number) => number.value);
    expect(descValues).toEqual([...mainValues].reverse());
  });

  it('searches draws (the bare array) and lists them (the envelope), newest first', async () => {
    const search = await client.lottery.search('fr_lotto', { from: '2020-01-01', to: '2020-12-31' });
    expect(Array.isArray(search)).toBe(true);
    expect(search).toHaveLength(15);
    expect(isNewestFirst(search.map((draw) => draw.date))).toBe(true);
    expect(search.every((draw) => draw.date >= '2020-01-01' && draw.date <= '2020-12-31')).toBe(true);

    const page = await client.lottery.draws('fr_lotto', { from: '2020-01-01', to: '2020-12-31' });
    expect(page).toMatchObject({ limit: 15, offset: 0, more: true });
    expect(page.draws).toEqual(search);

    const second = await client.lottery.search('fr_lotto', {
      from: '2020-01-01',
      to: '2020-12-31',
      offset: 15,
      limit: 100,
    });
    expect(second.length).toBeLessThanOrEqual(15); // limit is capped at 15, not refused
    expect(second[0].date < search[search.length - 1].date).toBe(true);
  });

  it(`pages through au_powerball's whole history with draws(): ${AU_POWERBALL_DRAWS} distinct dates, newest first`, async () => {
    const { draws } = await client.lottery.get('au_powerball');
    const dates = (await collect(client.draws('au_powerball'))).map((draw) => draw.date);
    expect(dates).toHaveLength(AU_POWERBALL_DRAWS);
    expect(dates).toHaveLength(draws.count);
    expect(new Set(dates).size).toBe(AU_POWERBALL_DRAWS);
    expect(isNewestFirst(dates)).toBe(true);
    expect(dates[0]).toBe(draws.last);
    expect(dates[dates.length - 1]).toBe(draws.first);
  });

  it('pages through the bare-array search with searchDraws() using X-More, with the same result', async () => {
    const viaEnvelope = await collect(client.draws('au_powerball', { sortNumber: true }));
    const viaHeaders = await collect(client.searchDraws('au_powerball', { sortNumber: true }));
    expect(viaHeaders).toHaveLength(AU_POWERBALL_DRAWS);
    expect(viaHeaders).toEqual(viaEnvelope);
  });

  it('applies filters while iterating, and stops fetching when the loop stops', async () => {
    const filter = { from: '2019-01-01', to: '2019-12-31' };
    const { total } = await client.lottery.draws('uk_lotto', { ...filter, limit: 0 });
    const year = await collect(client.draws('uk_lotto', filter));
    expect(year).toHaveLength(total);
    expect(year.every((draw) => draw.date.startsWith('2019-'))).toBe(true);

    const first: string[] = [];
    for await (const draw of client.draws('us_powerball')) if (first.push(draw.date) === 20) break;
    expect(first).toHaveLength(20);
    expect(isNewestFirst(first)).toBe(true);
  });

  it('gives the contract errors for unknown lotteries, missing draws and bad dates', async () => {
    expect(await apiError(client.lottery.latest('xx_unknown'))).toMatchObject({
      status: 404,
      message: 'Lottery not found.',
    });
    expect(await apiError(client.lottery.byDate('fr_lotto', '1900-01-01'))).toMatchObject({
      status: 404,
      code: 404,
      message: 'No draws were found for lottery.',
    });
    expect(await apiError(client.lottery.byDate('fr_lotto', '2024-02-30'))).toMatchObject({
      status: 400,
      code: 401,
      error: 'Bad Request',
      message: "Invalid 'drawDate' value. Expected 'YYYY-MM-DD' format.",
    });
    expect(await apiError(client.lottery.byDate('fr_lotto', '1799-12-31'))).toMatchObject({
      status: 400,
      code: 401,
      message: 'Invalid request. The draw date cannot be before 1800-01-01.',
    });
  });

  it('refuses lottery endpoints without a token (401), whatever the method', async () => {
    const anonymous = createClient({ baseUrl: testApi().baseUrl });
    // One call at a time: a call made ahead would reject before it is awaited (an unhandled rejection).
    for (const call of [
      () => anonymous.lottery.get('fr_lotto'),
      () => anonymous.lottery.search('fr_lotto'),
      () => collect(anonymous.draws('fr_lotto')),
    ]) {
      expect(await apiError(call())).toMatchObject({
        status: 401,
        message: "Token header 'X-API-Token' missing",
      });
    }
  });
});
