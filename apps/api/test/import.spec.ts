import * as drawCsv from '../src/modules/draws/domain/draw-csv';
import { newAccount, newTokenHolder, sql } from './support/fixtures';
import type { Http } from './support/http';
import { answerBeforeBody, writeAllThenRead } from './support/raw-exchange';
import type { TestApp } from './support/test-app';
import { withAdmin } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

const LOTTERY_NOT_FOUND = errorBody.notFound(Messages.lotteryNotFound);

describe('POST /admin/lotteries/{tag}/draws/import', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let user: { jwt: string };
  let token: string;

  beforeAll(async () => {
    ({ app, api, admin } = await withAdmin());
    user = await newAccount(api);
    token = (await newTokenHolder(api)).token;
    const created = await api.post('/admin/lotteries', {
      jwt: admin.jwt,
      body: {
        tag: 'xx_import',
        name: 'Import',
        country: 'XX',
        timezone: 'UTC',
        drawOrder: true,
        rules: [
          { from: '2000-01-01', main: { count: 3, min: 1, max: 10 }, special: null },
          { from: '2020-01-01', main: { count: 3, min: 1, max: 20 }, special: { count: 1, min: 1, max: 5 } },
        ],
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => app.close());

  const importCsv = (csv: string, tag = 'xx_import', contentType = 'text/csv') =>
    api.post(`/admin/lotteries/${tag}/draws/import`, {
      jwt: admin.jwt,
      body: csv,
      headers: { 'Content-Type': contentType },
    });
  const stored = async (tag = 'xx_import') =>
    sql(
      app,
      `SELECT to_char(draw_date, 'YYYY-MM-DD') AS date, main, special FROM draws WHERE lottery_tag = $1 ORDER BY draw_date`,
      [tag],
    );

  it('writes the valid lines, reports every rejected line and writes none of them', async () => {
    const csv = [
      'date,main,special', // 1
      '2019-12-28,10 1 5,', // 2 valid (first era: no special)
      '2019-12-31,1 2 3,4', // 3 special numbers before they exist
      '2020-01-04,20 3 7,2', // 4 valid (second era)
      '2020-01-07,1 2 21,2', // 5 out of range
      '2020-01-11,4 4 5,1', // 6 repeated
      '2020-01-14,1 2,1', // 7 too few
      '2020-02-30,1 2 3,1', // 8 bad date
      '2020-01-04,1 2 3,1', // 9 duplicate of line 4
      '', // 10
      '2020-01-18,9 8 7,5', // 11 valid
      '1999-12-31,1 2 3,', // 12 before the first era
      '2020-01-21,1 x 3,1', // 13 not a number
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      inserted: 3,
      updated: 0,
      unchanged: 0,
      errors: [
        { line: 3, message: 'Special numbers are not allowed for draws before 2020-01-01.' },
        { line: 5, message: 'Main number 21 is out of range 1-20 for draws from 2020-01-01.' },
        { line: 6, message: 'Main number 4 is repeated.' },
        { line: 7, message: 'Expected 3 main numbers on 2020-01-14, got 2.' },
        { line: 8, message: "Invalid date '2020-02-30'. Expected 'YYYY-MM-DD' format." },
        { line: 9, message: 'Duplicate date 2020-01-04 (first on line 4).' },
        { line: 12, message: 'No rules are in force on 1999-12-31.' },
        { line: 13, message: "Invalid number 'x' in main." },
      ],
    });
    expect(await stored()).toEqual([
      { date: '2019-12-28', main: [10, 1, 5], special: [] },
      { date: '2020-01-04', main: [20, 3, 7], special: [2] },
      { date: '2020-01-18', main: [9, 8, 7], special: [5] },
    ]);
    const draw = await api.get('/lottery/xx_import/draw/2020-01-04/numbers', { token });
    expect(draw.body).toEqual({
      date: '2020-01-04',
      numbers: [
        { special: false, order: 0, value: 20 },
        { special: false, order: 1, value: 3 },
        { special: false, order: 2, value: 7 },
        { special: true, order: 0, value: 2 },
      ],
    });
  });

  it('counts unchanged and updated draws on a second import', async () => {
    const again = await importCsv(
      'date,main,special\n2019-12-28,10 1 5,\n2020-01-04,20 3 7,2\n2020-01-18,9 8 7,5\n',
    );
    expect(again.body).toEqual({ inserted: 0, updated: 0, unchanged: 3, errors: [] });

    const changed = await importCsv(
      'date,main,special\r\n2019-12-28,10 1 5,\r\n2020-01-04,3 20 7,2\r\n2020-01-18,9 8 7,4\r\n2020-01-25,1 2 3,1\r\n',
    );
    expect(changed.body).toEqual({ inserted: 1, updated: 2, unchanged: 1, errors: [] });
    expect(await stored()).toEqual([
      { date: '2019-12-28', main: [10, 1, 5], special: [] },
      { date: '2020-01-04', main: [3, 20, 7], special: [2] },
      { date: '2020-01-18', main: [9, 8, 7], special: [4] },
      { date: '2020-01-25', main: [1, 2, 3], special: [1] },
    ]);
  });

  it('an impossible date among good rows refuses that row, with its reason, in the preview and the import alike', async () => {
    // Issue 48: the portal's preview failed as a whole on such a file; the API's answer names the line.
    const csv = 'date,main,special\n2026-02-27,1 2 3,1\n2026-02-30,4 5 6,2\n2026-03-03,7 8 9,3\n';
    const refused = [{ line: 3, message: "Invalid date '2026-02-30'. Expected 'YYYY-MM-DD' format." }];
    const preview = await api.post('/admin/lotteries/xx_import/draws/import?dryRun=true', {
      jwt: admin.jwt,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(preview.body).toEqual({ inserted: 2, updated: 0, unchanged: 0, errors: refused });
    const real = await importCsv(csv);
    expect(real.body).toEqual(preview.body);
    expect((await stored()).filter(({ date }) => date.startsWith('2026-'))).toEqual([
      { date: '2026-02-27', main: [1, 2, 3], special: [1] },
      { date: '2026-03-03', main: [7, 8, 9], special: [3] },
    ]);
    for (const date of ['2026-02-27', '2026-03-03'])
      expect((await api.delete(`/admin/lotteries/xx_import/draws/${date}`, { jwt: admin.jwt })).status).toBe(
        204,
      );
  });

  it('previews with dryRun=true: the counts an import would give, nothing written, announced or served', async () => {
    const before = await stored();
    const latest = (await api.get('/lottery/xx_import/draw/latest/numbers', { token })).body;
    const csv =
      'date,main,special\n2019-12-28,10 1 5,\n2020-01-04,7 20 3,2\n2020-02-01,4 5 6,1\n2020-02-04,4 5 99,1\n';
    const preview = await api.post('/admin/lotteries/xx_import/draws/import?dryRun=true', {
      jwt: admin.jwt,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      inserted: 1,
      updated: 1,
      unchanged: 1,
      errors: [{ line: 5, message: 'Main number 99 is out of range 1-20 for draws from 2020-01-01.' }],
    });
    expect(await stored()).toEqual(before);
    expect((await api.get('/lottery/xx_import/draw/latest/numbers', { token })).body).toEqual(latest);
    // The import itself then does what the preview said.
    const real = await api.post('/admin/lotteries/xx_import/draws/import?dryRun=false', {
      jwt: admin.jwt,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(real.body).toEqual(preview.body);
    expect((await api.get('/lottery/xx_import/draw/latest/numbers', { token })).body.date).toBe('2020-02-01');
    // Undo, for the tests that follow.
    for (const date of ['2020-02-01'])
      expect((await api.delete(`/admin/lotteries/xx_import/draws/${date}`, { jwt: admin.jwt })).status).toBe(
        204,
      );
    await importCsv('date,main,special\n2020-01-04,3 20 7,2\n');
    expect(await stored()).toEqual(before);

    const bad = await api.post('/admin/lotteries/xx_import/draws/import?dryRun=maybe', {
      jwt: admin.jwt,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(bad.body).toEqual(errorBody.badRequest(Messages.invalidField('dryRun', 'true or false')));
  });

  it('never half-writes a rejected line over an existing draw', async () => {
    const res = await importCsv('date,main,special\n2020-01-25,1 2 99,1\n');
    expect(res.body).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ line: 2, message: 'Main number 99 is out of range 1-20 for draws from 2020-01-01.' }],
    });
    expect((await stored()).find((d) => d.date === '2020-01-25')).toEqual({
      date: '2020-01-25',
      main: [1, 2, 3],
      special: [1],
    });
  });

  it('imports a large file in batches', async () => {
    const lines = ['date,main,special'];
    const day = new Date(Date.UTC(2021, 0, 1));
    for (let i = 0; i < 2_500; i++) {
      lines.push(`${day.toISOString().slice(0, 10)},${(i % 9) + 1} ${(i % 9) + 10} 20,${(i % 5) + 1}`);
      day.setUTCDate(day.getUTCDate() + 1);
    }
    const res = await importCsv(lines.join('\n'));
    expect(res.body).toEqual({ inserted: 2_500, updated: 0, unchanged: 0, errors: [] });
    const count = await api.get('/lottery/xx_import/draws?limit=0', { token });
    expect(count.body.total).toBe(2_504);
  });

  it('reports a wrong header as one error and writes nothing', async () => {
    const res = await importCsv('day,numbers\n2020-02-01,1 2 3\n');
    expect(res.body).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ line: 1, message: expect.stringMatching(/^Expected the header 'date,main,special'\. /) }],
    });
  });

  it('accepts text/plain, and refuses JSON with a 400', async () => {
    const plain = await importCsv('date,main,special\n2020-01-25,1 2 3,1\n', 'xx_import', 'text/plain');
    expect(plain.body).toEqual({ inserted: 0, updated: 0, unchanged: 1, errors: [] });
    const json = await api.post('/admin/lotteries/xx_import/draws/import', {
      jwt: admin.jwt,
      body: { csv: 'x' },
    });
    expect(json).toMatchObject({
      status: 400,
      body: errorBody.badRequest(Messages.invalidCsvBody),
    });
  });

  it('answers 404 for an unknown lottery and 400 for a blank tag', async () => {
    expect(await importCsv('date,main,special\n', 'no_such')).toMatchObject({
      status: 404,
      body: LOTTERY_NOT_FOUND,
    });
    expect(await importCsv('date,main,special\n', '%20')).toMatchObject({
      status: 400,
      body: errorBody.badRequest(Messages.lotteryTagEmpty),
    });
  });

  it('imports into a bundled lottery with its eras', async () => {
    const res = await importCsv(
      'date,main,special\n2026-08-05,14 20 59 60 61,25\n2026-08-08,1 2 3 4 69,26\n2015-10-06,1 2 3 4 69,1\n',
      'us_powerball',
    );
    expect(res.body).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 1,
      errors: [{ line: 4, message: 'Main number 69 is out of range 1-59 for draws from 2012-01-18.' }],
    });
  });

  describe('who may import is checked before the body is read (a CSV may be megabytes)', () => {
    const announced = (headers: string[], length: number) =>
      [
        'POST /admin/lotteries/xx_import/draws/import HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: text/csv',
        ...headers,
        `Content-Length: ${length}`,
      ].join('\r\n');
    const callers: [string, () => string[], { code: number }][] = [
      ['no JWT', () => [], errorBody.unauthorized(Messages.authorizationHeaderMissing)],
      ['a bad JWT', () => ['Authorization: Bearer not.a.jwt'], errorBody.unauthorized(Messages.invalidJwt)],
      [
        "a user's JWT",
        () => [`Authorization: Bearer ${user.jwt}`],
        errorBody.forbidden(Messages.adminRequired),
      ],
    ];

    it.each(callers)(
      '%s: the 401 or 403 at once, while 3 MB are still to come',
      async (_label, headers, expected) => {
        const answer = await answerBeforeBody(
          app.baseUrl,
          announced(headers(), 3_000_000),
          'date,main,special\n',
        );
        expect(answer).toMatchObject({ status: expected.code, body: expected });
      },
    );

    it("a user's 20 MB, written whole before reading: the 403 (not a 413, not a reset)", async () => {
      const { answer, error } = await writeAllThenRead(
        app.baseUrl,
        announced([`Authorization: Bearer ${user.jwt}`], 20 * 1024 * 1024),
        Buffer.alloc(20 * 1024 * 1024, '\n'),
      );
      expect(error).toBeUndefined();
      expect(answer).toMatchObject({ status: 403, body: errorBody.forbidden(Messages.adminRequired) });
    });

    it("an administrator's is then held to IMPORT_MAX_BYTES (4 MiB by default)", async () => {
      const answer = await answerBeforeBody(
        app.baseUrl,
        announced([`Authorization: Bearer ${admin.jwt}`], 5 * 1024 * 1024),
      );
      expect(answer).toMatchObject({
        status: 413,
        body: errorBody.payloadTooLarge(Messages.payloadTooLarge),
      });
    });
  });

  it('a 1 MiB import leaves the event loop free: a cheap request is answered while its CSV is being parsed', async () => {
    const created = await api.post('/admin/lotteries', {
      jwt: admin.jwt,
      body: {
        tag: 'xx_loop',
        name: 'Loop',
        country: 'XX',
        timezone: 'UTC',
        main: { count: 7, min: 1, max: 49 },
      },
    });
    expect(created.status).toBe(201);
    const lines = ['date,main,special'];
    const day = new Date(Date.UTC(1900, 0, 1));
    while (lines.length < 33_000) {
      lines.push(`${day.toISOString().slice(0, 10)},${(lines.length % 9) + 1} 11 12 13 14 15 16,`);
      day.setUTCDate(day.getUTCDate() + 1);
    }
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const realParse = drawCsv.parseDrawCsvInSlices;
    const parse = jest.spyOn(drawCsv, 'parseDrawCsvInSlices');
    const order: string[] = [];
    try {
      parse.mockImplementationOnce(async (text) => {
        // As the import's parse starts, a cheap request from another client: which ends first?
        const health = api.get('/health/live').then((res) => order.push(`health ${res.status}`));
        const parsed = await realParse(text);
        order.push('parsed');
        await health;
        return parsed;
      });
      const res = await importCsv(csv, 'xx_loop');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ inserted: 32_999, errors: [] });
      expect(order).toEqual(['health 200', 'parsed']);
    } finally {
      parse.mockRestore();
    }
  });
});
