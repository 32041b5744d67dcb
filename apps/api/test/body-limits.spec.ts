import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newAdmin, newTokenHolder } from './support/fixtures';
import { http, Http } from './support/http';
import { answerBeforeBody, writeAllThenRead } from './support/raw-exchange';
import { createTestApp, TestApp } from './support/test-app';
import { errorBody, Messages } from './support/contract-errors';

const TOO_LARGE = errorBody.payloadTooLarge(Messages.payloadTooLarge);
const IMPORT_MAX_BYTES = 64 * 1024;
const IMPORT = '/admin/lotteries/us_powerball/draws/import?dryRun=true';

/** A request head with a body of `length` bytes announced. */
const head = (method: string, path: string, headers: Record<string, string>, length?: number) =>
  [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(length === undefined ? [] : [`Content-Length: ${length}`]),
  ].join('\r\n');

/** The largest bundled lottery (by its rules and prize structures) as an administrator would create it. */
function largestBundledLottery(tag: string) {
  const file = join(__dirname, '..', 'data', 'draws', 'lotteries.json');
  const lotteries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  const largest = lotteries.reduce((a, b) =>
    JSON.stringify(b.rules).length > JSON.stringify(a.rules).length ? b : a,
  );
  const { name, country, timezone, drawOrder, source, rules, schedule } = largest;
  return { tag, name, country, timezone, drawOrder, source, rules, schedule };
}

describe('body limits per route (contract section 3: a body larger than the route needs is a 413)', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let user: { jwt: string; token: string };

  beforeAll(async () => {
    app = await createTestApp({ IMPORT_MAX_BYTES: String(IMPORT_MAX_BYTES) });
    api = http(app.baseUrl);
    admin = await newAdmin(app, api);
    user = await newTokenHolder(api);
  });
  afterAll(() => app.close());

  describe('a few KB for JSON routes', () => {
    it('9 KB announced to POST /auth/login: the 413 from Content-Length, before any of the body is sent', async () => {
      const answer = await answerBeforeBody(
        app.baseUrl,
        head('POST', '/auth/login', { 'Content-Type': 'application/json' }, 9 * 1024),
      );
      expect(answer).toMatchObject({ status: 413, body: TOO_LARGE });
    });

    it('a chunked body is refused as soon as it passes 8 KB, without waiting for its end', async () => {
      const chunk = `400\r\n${'x'.repeat(1024)}\r\n`;
      const answer = await answerBeforeBody(
        app.baseUrl,
        head('POST', '/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
        chunk.repeat(9),
      );
      expect(answer).toMatchObject({ status: 413, body: TOO_LARGE });
    });

    it('a body within the limit is read and validated as before', async () => {
      const res = await api.post('/auth/login', {
        body: { email: `${'e'.repeat(7000)}@example.test`, password: 'x' },
      });
      expect(res.status).not.toBe(413);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe('routes that need more', () => {
    it('the ticket check takes its largest legitimate body: 100 tickets of 22 numbers pretty-printed (54 KB)', async () => {
      const ticket = { main: Array.from({ length: 20 }, (_, i) => 61 + i), special: [11, 12] };
      const largest = JSON.stringify({ tickets: Array(100).fill(ticket), from: '2020-01-01' }, null, 4);
      expect(largest.length).toBeGreaterThan(50 * 1024);
      const check = (body: string) =>
        api.post('/lottery/us_powerball/check', {
          token: user.token,
          body,
          headers: { 'Content-Type': 'application/json' },
        });
      // Read and checked against the rules (Powerball has 5 + 1 numbers): the contract's 400, not a 413.
      expect((await check(largest)).status).toBe(400);
      expect(await check(largest + ' '.repeat(16 * 1024))).toMatchObject({ status: 413, body: TOO_LARGE });
    });

    it('lottery writes take the largest bundled lottery with its rules, pretty-printed, with room to spare', async () => {
      const body = JSON.stringify(largestBundledLottery('xx_largest_rules'), null, 4);
      expect(body.length).toBeGreaterThan(12 * 1024);
      const created = await api.post('/admin/lotteries', {
        jwt: admin.jwt,
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(created.status).toBe(201);
      const patched = await api.patch('/admin/lotteries/xx_largest_rules', {
        jwt: admin.jwt,
        body: JSON.stringify({ rules: JSON.parse(body).rules }, null, 4),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(patched.status).toBe(200);
      const huge = await api.post('/admin/lotteries', {
        jwt: admin.jwt,
        body: body + ' '.repeat(32 * 1024),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(huge).toMatchObject({ status: 413, body: TOO_LARGE });
    });

    it('the CSV import takes IMPORT_MAX_BYTES', async () => {
      const csv = (bytes: number) => `date,main,special\n${'\n'.repeat(bytes - 18)}`;
      const importCsv = (body: string) =>
        api.post(IMPORT, { jwt: admin.jwt, body, headers: { 'Content-Type': 'text/csv' } });
      expect(await importCsv(csv(IMPORT_MAX_BYTES))).toMatchObject({ status: 200 });
      expect(await importCsv(csv(IMPORT_MAX_BYTES + 1))).toMatchObject({ status: 413, body: TOO_LARGE });
    });
  });

  describe('a 413 the client can read', () => {
    it.each([
      ['20 MB of CSV to the import', IMPORT, 'text/csv', 20 * 1024 * 1024],
      ['1 MB of JSON to POST /auth/login', '/auth/login', 'application/json', 1024 * 1024],
    ])(
      '%s, written whole before reading: the 413, not a reset (EPIPE)',
      async (_label, path, type, bytes) => {
        const { answer, error } = await writeAllThenRead(
          app.baseUrl,
          head('POST', path, { 'Content-Type': type, Authorization: `Bearer ${admin.jwt}` }, bytes),
          Buffer.alloc(bytes, 'a'),
        );
        expect(error).toBeUndefined();
        expect(answer).toMatchObject({ status: 413, body: TOO_LARGE });
        expect(answer?.headers.connection).toBe('close');
      },
    );

    it('the service answers as usual afterwards', async () => {
      expect((await api.get('/health/live')).status).toBe(200);
    });
  });
});
