import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDataDir } from '../src/modules/draws/domain/bundled-lotteries';
import { FORMAT_MESSAGE, PRIZES_MESSAGE } from '../src/modules/export/dto/export-query.dto';
import { errorBody, Messages } from './support/contract-errors';
import { newLicensedHolder } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';

interface DrawNumber {
  special: boolean;
  order: number;
  value: number;
}
interface Draw {
  date: string;
  round?: number;
  numbers: DrawNumber[];
  prizes?: unknown;
}

/** The paged API's draws, every page of `/draws` (15 at a time), a few pages at once. */
async function pagedDraws(api: Http, token: string, tag: string, range = ''): Promise<Draw[]> {
  const first = await api.get(`/lottery/${tag}/draws?limit=0${range}`, { token });
  const total: number = first.body.total;
  const offsets = Array.from({ length: Math.ceil(total / 15) }, (_, page) => page * 15);
  const draws: Draw[] = [];
  for (let at = 0; at < offsets.length; at += 8) {
    const pages = await Promise.all(
      offsets
        .slice(at, at + 8)
        .map((offset) => api.get(`/lottery/${tag}/draws?limit=15&offset=${offset}${range}`, { token })),
    );
    for (const page of pages) draws.push(...page.body.draws);
  }
  expect(draws).toHaveLength(total);
  return draws;
}

const group = (draw: Draw, special: boolean): number[] =>
  draw.numbers
    .filter((n) => n.special === special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value);

/** A CSV answer as rows of cells (every line ends with CRLF; fields are dates and numbers, never quoted). */
function csvRows(text: string): { header: string[]; rows: string[][] } {
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
  return { header, rows };
}

/** The CSV's rows as the paged API's figures: date, round (where the lottery has rounds), main and special in draw order. */
function csvAsDraws(text: string) {
  const { header, rows } = csvRows(text);
  const mains = header.filter((h) => h.startsWith('main_')).length;
  const specials = header.filter((h) => h.startsWith('special_')).length;
  const roundColumn = header.indexOf('round');
  const first = roundColumn === -1 ? 1 : 2;
  const numbers = (cells: string[]) => cells.filter((c) => c !== '').map(Number);
  return rows.map((cells) => ({
    date: cells[0],
    ...(roundColumn === -1 ? {} : { round: Number(cells[roundColumn]) }),
    main: numbers(cells.slice(first, first + mains)),
    special: numbers(cells.slice(first + mains, first + mains + specials)),
  }));
}

const asFigures = (draw: Draw) => ({
  date: draw.date,
  ...(draw.round === undefined ? {} : { round: draw.round }),
  main: group(draw, false),
  special: group(draw, true),
});

const ndjson = (text: string): Draw[] =>
  text
    .split('\n')
    .filter((line, index, lines) => line !== '' || index < lines.length - 1)
    .map((line) => JSON.parse(line));

describe('GET /lottery/{tag}/draws/export (contract section 12)', () => {
  let app: TestApp;
  let api: Http;
  let token: string;
  let adminJwt: string;

  beforeAll(async () => {
    let admin: { jwt: string };
    ({ app, api, token, admin } = await withTokenHolder());
    adminJwt = admin.jwt;
  });
  afterAll(() => app.close());

  const exportOf = (tag: string, query = '', headers: Record<string, string> = {}) =>
    api.get(`/lottery/${tag}/draws/export${query}`, { token, headers });

  describe('a whole real history (de_lotto, the largest bundled one) equals the paged API, draw by draw', () => {
    let paged: Draw[];
    beforeAll(async () => (paged = await pagedDraws(api, token, 'de_lotto')), 60_000);

    it('as CSV (the default format): a header row, one draw per line, columns of the widest era', async () => {
      const res = await exportOf('de_lotto');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="de_lotto-draws.csv"');
      expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
      expect(new Date(res.headers.get('last-modified')!).getTime()).not.toBeNaN();
      expect(res.headers.get('x-lottery-freshness')).toBeTruthy();
      expect(csvRows(res.text).header).toEqual([
        'date',
        ...[1, 2, 3, 4, 5, 6].map((i) => `main_${i}`),
        'special_1',
      ]);
      expect(paged.length).toBeGreaterThan(5000);
      expect(csvAsDraws(res.text)).toEqual(paged.map(asFigures));
    });

    it('as JSON: {lottery, draws: [Draw…]}, each Draw as the paged API sends it', async () => {
      const res = await exportOf('de_lotto', '?format=json');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="de_lotto-draws.json"');
      expect(res.body).toEqual({ lottery: 'de_lotto', draws: paged });
    });

    it('as NDJSON: one Draw per line', async () => {
      const res = await exportOf('de_lotto', '?format=ndjson');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="de_lotto-draws.ndjson"');
      expect(res.text.endsWith('}\n')).toBe(true);
      expect(ndjson(res.text)).toEqual(paged);
    });

    it('compressed when Accept-Encoding asks (br, then gzip), the same bytes once decoded, the same ETag', async () => {
      const plain = await exportOf('de_lotto', '?format=json', { 'Accept-Encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      for (const [accept, coding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', null],
      ] as const) {
        // fetch decodes the answer; its headers say how it travelled.
        const res = await exportOf('de_lotto', '?format=json', { 'Accept-Encoding': accept });
        expect({ accept, coding: res.headers.get('content-encoding') }).toEqual({ accept, coding });
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
        expect(res.text).toBe(plain.text);
      }
    });

    it('a range (from/to, inclusive) equals the paged API with the same bounds, in every format', async () => {
      const range = '&from=2020-01-01&to=2021-06-30';
      const expected = await pagedDraws(api, token, 'de_lotto', range);
      expect(expected.length).toBeGreaterThan(100);
      const json = await exportOf('de_lotto', `?format=json${range}`, { 'Accept-Encoding': 'gzip' });
      expect(json.body).toEqual({ lottery: 'de_lotto', draws: expected });
      expect(ndjson((await exportOf('de_lotto', `?format=ndjson${range}`)).text)).toEqual(expected);
      expect(csvAsDraws((await exportOf('de_lotto', `?format=csv${range}`)).text)).toEqual(
        expected.map(asFigures),
      );
      // Its own ETag: not the whole history's.
      expect(json.headers.get('etag')).not.toBe(
        (await exportOf('de_lotto', '?format=json')).headers.get('etag'),
      );
      // No draw in the range: the frame alone.
      const none = await exportOf('de_lotto', '?format=json&from=1800-01-01&to=1800-01-02');
      expect(none.text).toBe('{"lottery":"de_lotto","draws":[]}');
      expect((await exportOf('de_lotto', '?format=ndjson&from=1800-01-01&to=1800-01-02')).text).toBe('');
    });
  });

  describe('conditional requests', () => {
    it('answers 304 with no body to If-None-Match and to If-Modified-Since, each costing its unit of quota', async () => {
      const metered = await newLicensedHolder(api, adminJwt, 'test_export_quota', { monthlyQuota: 1000 });
      const first = await api.get('/lottery/fr_lotto/draws/export?format=ndjson', { token: metered.token });
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect(first.headers.get('x-quota-remaining')).toBe('999');

      const byTag = await api.get('/lottery/fr_lotto/draws/export?format=ndjson', {
        token: metered.token,
        headers: { 'If-None-Match': etag },
      });
      expect(byTag.status).toBe(304);
      expect(byTag.text).toBe('');
      expect(byTag.headers.get('etag')).toBe(etag);
      expect(byTag.headers.get('x-quota-remaining')).toBe('998');
      expect(
        (await exportOf('fr_lotto', '?format=ndjson', { 'If-None-Match': `"other", ${etag}` })).status,
      ).toBe(304);
      expect((await exportOf('fr_lotto', '?format=ndjson', { 'If-None-Match': '*' })).status).toBe(304);
      // A tag of another format or of nothing known: the whole answer.
      expect((await exportOf('fr_lotto', '?format=csv', { 'If-None-Match': etag })).status).toBe(200);
      expect((await exportOf('fr_lotto', '?format=ndjson', { 'If-None-Match': 'W/"old"' })).status).toBe(200);

      expect(
        (await exportOf('fr_lotto', '?format=ndjson', { 'If-Modified-Since': lastModified })).status,
      ).toBe(304);
      const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await exportOf('fr_lotto', '?format=ndjson', { 'If-Modified-Since': before })).status).toBe(
        200,
      );
      // If-None-Match decides when both come.
      expect(
        (
          await exportOf('fr_lotto', '?format=ndjson', {
            'If-None-Match': 'W/"old"',
            'If-Modified-Since': lastModified,
          })
        ).status,
      ).toBe(200);
    });

    it('a draw written by an administrator changes the ETag (and rounds show in the CSV once the era has them)', async () => {
      const csv = await exportOf('uk_lotto');
      const etag = csv.headers.get('etag')!;
      expect(csvRows(csv.text).header).toEqual([
        'date',
        'round',
        ...[1, 2, 3, 4, 5, 6].map((i) => `main_${i}`),
        'special_1',
      ]);
      const put = await api.put('/admin/lotteries/uk_lotto/draws/2026-06-10?round=2', {
        jwt: adminJwt,
        body: { main: [1, 2, 3, 4, 5, 59], special: [7] },
      });
      expect(put.status).toBe(201);

      const after = await exportOf('uk_lotto', '', { 'If-None-Match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(
        Date.parse(csv.headers.get('last-modified')!),
      );
      expect(csvRows(after.text).rows[0]).toEqual(['2026-06-10', '2', '1', '2', '3', '4', '5', '59', '7']);
      const json = await exportOf('uk_lotto', '?format=json&from=2026-06-10');
      expect(json.body.draws).toEqual([
        (await api.get('/lottery/uk_lotto/draw/2026-06-10/numbers?round=2', { token })).body,
      ]);
      // Unchanged since: 304 again with the new tag.
      expect((await exportOf('uk_lotto', '', { 'If-None-Match': after.headers.get('etag')! })).status).toBe(
        304,
      );
    });
  });

  it("prizes=true adds each draw's stored prizes: the /prizes answer without lottery, or null; CSV columns d1_… of the widest era", async () => {
    const json = await exportOf('eu_euromillions', '?format=json&prizes=true&from=2004-02-13&to=2004-03-31');
    const draws: Draw[] = json.body.draws;
    expect(draws.length).toBeGreaterThan(3);
    for (const draw of draws) {
      const prizes = await api.get(`/lottery/eu_euromillions/draw/${draw.date}/prizes`, { token });
      const { lottery, ...rest } = prizes.body;
      expect(lottery).toBe('eu_euromillions');
      expect(draw.prizes).toEqual(prizes.status === 200 ? rest : null);
    }
    const withoutPrizes = await exportOf(
      'de_lotto',
      '?format=ndjson&prizes=true&from=2024-01-01&to=2024-01-31',
    );
    for (const draw of ndjson(withoutPrizes.text)) expect(draw.prizes).toBeNull();

    const csv = csvRows(
      (await exportOf('eu_euromillions', '?prizes=true&from=2004-02-13&to=2004-02-13')).text,
    );
    const divisions = Array.from({ length: 13 }, (_, i) => [`d${i + 1}_winners`, `d${i + 1}_amount`]).flat();
    expect(csv.header).toEqual([
      'date',
      ...[1, 2, 3, 4, 5].map((i) => `main_${i}`),
      'special_1',
      'special_2',
      ...divisions,
    ]);
    const [row] = csv.rows;
    const first = (await api.get('/lottery/eu_euromillions/draw/2004-02-13/prizes', { token })).body;
    expect(row.slice(8, 12)).toEqual([
      String(first.divisions[0].winners),
      String(first.divisions[0].amount),
      String(first.divisions[1].winners),
      String(first.divisions[1].amount),
    ]);
    // The 2004 structure had 12 divisions: the 13th's cells are empty.
    expect(row.slice(-2)).toEqual(['', '']);
  });

  it.each([
    ['us_cash4life', 5, 1, 9],
    ['br_megasena', 6, 0, 3],
    ['br_lotofacil', 15, 0, 5],
    ['br_quina', 5, 0, 4],
    ['tx_two_step', 4, 1, 7],
    ['kr_lotto645', 6, 1, 5],
    ['uk_thunderball', 5, 1, 9],
  ])(
    "%s: the whole history as CSV equals the bundled file (newest first); prizes=true carries its last draw's prizes",
    async (tag, mains, specials, divisions) => {
      const bundled = readFileSync(join(bundledDataDir(), `${tag}.csv`), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map(([date, main, special]) => ({
          date,
          main: main.split(' ').map(Number),
          special: special === '' ? [] : special.split(' ').map(Number),
        }));
      const res = await exportOf(tag);
      expect(res.status).toBe(200);
      // Newest first, as the paged API.
      expect(csvAsDraws(res.text)).toEqual([...bundled].reverse());

      const last = bundled.at(-1)!.date;
      const csv = csvRows((await exportOf(tag, `?prizes=true&from=${last}&to=${last}`)).text);
      expect(csv.header).toHaveLength(1 + mains + specials + 2 * divisions);
      const prizes = await api.get(`/lottery/${tag}/draw/${last}/prizes`, { token });
      // Cash4Life's export, Texas's results file and the National Lottery's Thunderball CSV have no prizes; CAIXA's
      // and Donghaeng's give every tier.
      if (tag === 'us_cash4life' || tag === 'tx_two_step' || tag === 'uk_thunderball')
        expect(prizes.status).toBe(404);
      else {
        expect(prizes.body.currency).toBe(tag === 'kr_lotto645' ? 'KRW' : 'BRL');
        const cells = csv.rows[0].slice(1 + mains + specials);
        expect(cells).toEqual(
          prizes.body.divisions.flatMap((d: { winners: number | null; amount: number | null }) => [
            d.winners === null ? '' : String(d.winners),
            d.amount === null ? '' : String(d.amount),
          ]),
        );
      }
    },
  );

  describe('refusals, in the order of checks', () => {
    it('401 without a token; 400 naming format, prizes, from (after to) and bad dates; 404 for an unknown lottery', async () => {
      const noToken = await api.get('/lottery/de_lotto/draws/export');
      expect(noToken.status).toBe(401);
      expect(noToken.body).toEqual(errorBody.unauthorized(Messages.tokenHeaderMissing));
      for (const [query, message] of [
        ['?format=xml', FORMAT_MESSAGE],
        ['?format=CSV', FORMAT_MESSAGE],
        ['?prizes=yes', PRIZES_MESSAGE],
        ['?from=2021-01-02&to=2021-01-01', Messages.fromAfterTo],
        ['?from=2021-02-30', "Invalid 'from' value. Expected 'YYYY-MM-DD' format."],
        ['?to=1799-12-31', Messages.drawDateTooEarly],
      ]) {
        const res = await exportOf('de_lotto', query);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: errorBody.badRequest(message),
        });
      }
      // Validation (step 8) comes before the lottery (step 9).
      expect((await exportOf('xx_unknown', '?from=2021-01-02&to=2021-01-01')).status).toBe(400);
      const unknown = await exportOf('xx_unknown');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    });
  });
});
