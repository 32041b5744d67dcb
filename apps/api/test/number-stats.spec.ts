import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '../src/common/errors/messages';
import { bundledDataDir } from '../src/modules/draws/domain/bundled-lotteries';
import { errorBody } from './support/contract-errors';
import { newAdmin, newTokenHolder } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';

interface Group {
  count: number;
  min: number;
  max: number;
  distinct?: boolean;
  pool?: string;
  counted?: number;
}
interface Era {
  from: string;
  main: Group;
  special: Group | null;
}

/** A group's rules with the defaults spelled out, in one key order. */
const normalised = (g: Group) => [
  g.count,
  g.min,
  g.max,
  g.distinct ?? true,
  g.pool ?? 'own',
  g.counted ?? g.count,
];

/**
 * The contract's definitions applied literally to the bundled files, independently of the service's code: every
 * figure of every value is compared.
 */
function recompute(tag: string, from?: string, to?: string) {
  const dir = bundledDataDir();
  const eras: Era[] = JSON.parse(readFileSync(join(dir, 'lotteries.json'), 'utf8')).find(
    (l: { tag: string }) => l.tag === tag,
  ).rules;
  const all = readFileSync(join(dir, `${tag}.csv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [date, main, special] = line.split(',');
      const numbers = (text: string) => (text ? text.split(' ').map(Number) : []);
      return { date, main: numbers(main), special: numbers(special) };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
  const latest = all.filter((d) => to === undefined || d.date <= to).at(-1)!.date;
  // By default: the first day of the number rules in force at the latest draw, i.e. of the earliest of the
  // consecutive eras whose main and special groups equal that era's (rounds, prizes or schedule may differ).
  const groups = (e: Era) => JSON.stringify([e.main, e.special ?? null].map((g) => g && normalised(g)));
  let inForce = eras.filter((e) => e.from <= latest).length - 1;
  while (inForce > 0 && groups(eras[inForce - 1]) === groups(eras[inForce])) inForce--;
  const windowFrom = from ?? eras[inForce].from;
  const windowTo = to ?? latest;
  const window = all.filter((d) => d.date >= windowFrom && d.date <= windowTo);
  const overlapping = eras.filter(
    (e, i) => e.from <= windowTo && (!eras[i + 1] || eras[i + 1].from > windowFrom),
  );
  const figures = (group: 'main' | 'special') => {
    const ranges = overlapping.flatMap((e) => (e[group] ? [e[group]!] : []));
    if (ranges.length === 0) return null;
    const values = [
      ...new Set(ranges.flatMap((r) => Array.from({ length: r.max - r.min + 1 }, (_, k) => r.min + k))),
    ];
    return values
      .sort((a, b) => a - b)
      .map((value) => {
        const hits = window.map((d) => d[group].includes(value));
        const count = hits.filter(Boolean).length;
        const lastIndex = hits.lastIndexOf(true);
        let longestGap = 0;
        let run = 0;
        for (const hit of hits) {
          run = hit ? 0 : run + 1;
          longestGap = Math.max(longestGap, run);
        }
        return {
          value,
          count,
          frequency: window.length ? count / window.length : 0,
          lastDrawn: lastIndex >= 0 ? window[lastIndex].date : null,
          drawsSince: lastIndex >= 0 ? window.length - 1 - lastIndex : window.length,
          longestGap,
        };
      });
  };
  return {
    lottery: tag,
    from: windowFrom,
    to: windowTo,
    draws: window.length,
    main: figures('main'),
    special: figures('special'),
  };
}

describe('GET /lottery/{tag}/stats', () => {
  let app: TestApp;
  let api: Http;
  let token: string;

  beforeAll(async () => {
    // Many requests in a row: a license without the free license's 20/s limit.
    ({ app, api, token } = await withTokenHolder({}, 'stats-tests'));
  });
  afterAll(() => app.close());

  const stats = (tag: string, query = '') => api.get(`/lottery/${tag}/stats${query}`, { token });

  it.each([
    'us_powerball',
    'us_megamillions',
    'eu_euromillions',
    'uk_lotto',
    'fr_lotto',
    'de_lotto',
    'eu_eurojackpot',
    'ca_lotto649',
    'ca_lottomax',
    'it_superenalotto',
    'au_ozlotto',
    'au_powerball',
    'au_saturday_lotto',
    'us_cash4life',
    'br_megasena',
    'br_lotofacil',
    'br_quina',
    'tx_two_step',
    'kr_lotto645',
    'uk_thunderball',
    'eu_eurodreams',
  ])(
    '%s: the default window (the number rules in force at the latest draw) matches a recomputation from the CSV',
    async (tag) => {
      const res = await stats(tag);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(recompute(tag));
      expect(res.headers.get('x-lottery-freshness')).toMatch(/^status=/);
    },
  );

  it.each([
    ['us_powerball', '?from=2012-01-01&to=2016-12-31'], // spans two eras: main 1-69, Powerball 1-35
    ['de_lotto', '?from=1980-01-01&to=1995-12-31'], // before and after the Superzahl
    ['de_lotto', '?to=1990-01-01'], // no Superzahl in the window: special is null
    ['uk_lotto', '?from=2020-01-01'],
    ['eu_euromillions', '?from=2026-01-01'], // no draw in the window: all zero
  ])('%s%s: an arbitrary window matches the recomputation', async (tag, query) => {
    const params = new URLSearchParams(query.slice(1));
    const res = await stats(tag, query);
    expect(res.status).toBe(200);
    const expected = recompute(tag, params.get('from') ?? undefined, params.get('to') ?? undefined);
    if (tag === 'eu_euromillions') expect(res.body.draws).toBe(0);
    else expect(res.body.draws).toBeGreaterThan(0);
    expect(res.body).toEqual(expected);
  });

  it('follows a write at once: the prepared default window is rebuilt with the read model', async () => {
    const admin = await newAdmin(app, api);
    const before = (await stats('us_powerball')).body;
    const put = await api.put('/admin/lotteries/us_powerball/draws/2026-08-08', {
      jwt: admin.jwt,
      body: { main: [1, 2, 3, 4, 5], special: [6] },
    });
    expect(put.status).toBe(201);
    const after = (await stats('us_powerball')).body;
    expect(after.draws).toBe(before.draws + 1);
    expect(after.to).toBe('2026-08-08');
    expect(after.main[0]).toMatchObject({
      value: 1,
      count: before.main[0].count + 1,
      lastDrawn: '2026-08-08',
      drawsSince: 0,
    });
    await api.delete('/admin/lotteries/us_powerball/draws/2026-08-08', { jwt: admin.jwt });
    expect((await stats('us_powerball')).body).toEqual(before);
  });

  it.each([
    ['?from=2020-02-01&to=2020-01-01', Messages.fromAfterTo],
    ['?from=2020-02-30', Messages.invalidField('from', "'YYYY-MM-DD' format")],
    ['?to=yesterday', Messages.invalidField('to', "'YYYY-MM-DD' format")],
    ['?from=1799-12-31', Messages.drawDateTooEarly],
  ])('%s → 400', async (query, message) => {
    const res = await stats('us_powerball', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(message));
  });

  it('answers 404 for an unknown lottery, after the charge, and needs a token', async () => {
    const holder = await newTokenHolder(api);
    const unknown = await api.get('/lottery/xx_nothing/stats', { token: holder.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    const ok = await api.get('/lottery/fr_lotto/stats', { token: holder.token });
    expect(Number(ok.headers.get('x-quota-remaining'))).toBe(Number(ok.headers.get('x-quota-limit')) - 2);
    const anonymous = await api.get('/lottery/fr_lotto/stats');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorBody.unauthorized(Messages.tokenHeaderMissing));
  });

  it('the default window starts where the number rules began, not where rounds began (UK Lotto, 2026-06-10)', async () => {
    const admin = await newAdmin(app, api);
    for (const round of [1, 2]) {
      const put = await api.put(`/admin/lotteries/uk_lotto/draws/2026-06-10?round=${round}`, {
        jwt: admin.jwt,
        body: { main: [1, 2, 3, 4, 5, 6 + round], special: [40] },
      });
      expect(put.status).toBe(201);
    }
    const res = await stats('uk_lotto');
    // The 59-ball era began 2015-10-10; the two-round era of 2026-06-10 kept its groups.
    expect(res.body).toMatchObject({ from: '2015-10-10', to: '2026-06-10' });
    expect(res.body.draws).toBe((await stats('uk_lotto', '?from=2015-10-10')).body.draws);
    expect(res.body.draws).toBeGreaterThan(1000);
  });
});
