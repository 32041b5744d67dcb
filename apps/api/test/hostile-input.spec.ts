import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newTokenHolder, PASSWORD, uniqueEmail } from './support/fixtures';
import type { Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { withAdmin, withSharedApp } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

/**
 * Hostile input over real HTTP: what fetch cannot send (or would normalise away) goes through a raw socket, so the
 * bytes the server sees are exactly the ones written here. Every answer must be the contract's JSON error body:
 * a numeric `code`, an `error` text and (but on 429) a `message`; never Fastify's `statusCode`/`FST_ERR_*` shape,
 * never an empty body, never a 500.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/** Decodes a chunked body (Node answers some replies that way). */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Sends `head` (request line and headers, no final blank line) and `body` as written; reads until the server closes. */
function raw(baseUrl: string, head: string, body = ''): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within 20 s to ${head.split('\r\n')[0].slice(0, 120)}`));
    }, 20_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server may reset after answering (a request it refused before reading it all): keep what arrived.
      if (chunks.length === 0) {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(all.toString('latin1'))}`));
      const [statusLine, ...headerLines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let payload: Buffer = all.subarray(split + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) payload = dechunk(payload);
      const text = payload.toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text, body });
    });
    socket.write(head + '\r\n\r\n');
    if (body) socket.write(body);
  });
}

interface RawRequest {
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function rawRequest(baseUrl: string, method: string, request: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = {
    Host: new URL(baseUrl).host,
    Connection: 'close',
    ...request.headers,
  };
  if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  const lines = [
    `${method} ${request.path} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return raw(baseUrl, lines.join('\r\n'), request.body);
}

/** The contract's shape, whatever the status: the checks every hostile answer must pass. */
function expectContractShape(res: RawResponse | { status: number; text: string; body: unknown }): void {
  expect(res.text).not.toBe('');
  expect(res.status).toBeLessThan(500);
  const body = res.body as Record<string, unknown>;
  expect(typeof body).toBe('object');
  expect(body).not.toBeNull();
  expect(typeof body.code).toBe('number');
  expect(typeof body.error).toBe('string');
  if (res.status !== 429) expect(typeof body.message).toBe('string');
  expect(Object.keys(body).sort()).toEqual(
    res.status === 429 ? ['code', 'error'] : ['code', 'error', 'message'],
  );
  expect(body.code).toBe(res.status === 400 ? 401 : res.status);
  expect(res.text).not.toMatch(/statusCode|FST_ERR|ERR_|HPE_/);
}

const REPOSITORY = join(__dirname, '..', '..', '..');

/** `[[[[…]]]]` and `{"a":{"a":…}}` far past the parser's depth limit (and within the 8 KB body limit). */
const DEPTH = 1000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const JSON_TOO_DEEP = errorBody.badRequest(Messages.jsonTooDeep(32));

describe('hostile input', () => {
  let app: TestApp;
  let api: Http;
  let user: { id: string; email: string; jwt: string; token: string };
  let admin: { jwt: string };
  const send = (method: string, request: RawRequest) => rawRequest(app.baseUrl, method, request);
  const asUser = () => ({ 'X-API-Token': user.token, Authorization: `Bearer ${user.jwt}` });
  const asAdmin = () => ({ Authorization: `Bearer ${admin.jwt}` });

  beforeAll(async () => {
    ({ app, api, admin } = await withAdmin());
    user = await newTokenHolder(api, 'hostile');
    // A generous license, so that repeated requests are never stopped by the quota or the rate limits.
    const license = await api.put('/admin/licenses/hostile', {
      jwt: admin.jwt,
      body: { monthlyQuota: null, perSecond: 100000, perMinute: 1000000, perHour: 10000000 },
    });
    expect(license.status).toBe(200);
    const patched = await api.patch(`/admin/accounts/${user.id}`, {
      jwt: admin.jwt,
      body: { license: 'hostile' },
    });
    expect(patched.status).toBe(200);
  });
  afterAll(() => app.close());

  describe('dot segments and paths a client or the router normalises: JSON, never a redirect', () => {
    it('GET /lottery/%2e%2e from a WHATWG client (fetch makes it GET /) is the JSON index, never a redirect', async () => {
      const res = await fetch(`${app.baseUrl}/lottery/%2e%2e`, {
        headers: { 'X-API-Token': user.token },
        redirect: 'manual',
      });
      expect(new URL(res.url).pathname).toBe('/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ docs: '/docs', openapi: '/openapi.json' });
    });

    it('GET / gives an API client links (unmetered, no credential), and sends a browser to the portal', async () => {
      for (const accept of [undefined, '*/*', 'application/json']) {
        const res = await send('GET', { path: '/', headers: accept ? { Accept: accept } : {} });
        expect(res.status).toBe(200);
        const { portal, ...links } = res.body as { portal: string | null };
        expect(links).toEqual({ name: 'Lottery Results Service', docs: '/docs', openapi: '/openapi.json' });
        expect(['/portal/', null]).toContain(portal);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        expect(res.headers['x-quota-limit']).toBeUndefined();
      }
      const browser = await send('GET', {
        path: '/',
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(browser.status).toBe(302);
      expect(['/portal/', '/docs']).toContain(browser.headers.location);
      // Documented, as every route: the SDK and the docs know it.
      const document = (await send('GET', { path: '/openapi.json' })).body as {
        paths: Record<string, { get?: { operationId?: string; security?: unknown[] } }>;
      };
      expect(document.paths['/']?.get).toMatchObject({ operationId: 'serviceIndex', security: [] });
    });

    it('a lottery tag of dots, as written, is the unknown lottery', async () => {
      for (const path of [
        '/lottery/%2e%2e',
        '/lottery/%2E%2E/draw/latest/numbers',
        '/lottery/..',
        '/lottery/.',
      ]) {
        const res = await send('GET', { path, headers: asUser() });
        expectContractShape(res);
        expect(res.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
      }
    });

    it('dot segments, directories and NUL characters under the portal and the docs are the contract 404', async () => {
      for (const path of [
        '/portal/%2e%2e/',
        '/portal/../../etc/passwd',
        '/portal/%2e%2e/package.json',
        '/docs/%2e%2e',
        '/docs/../openapi.json',
        '/portal/assets/',
        '/portal/assets',
        // Empty segments: the file server refuses them as a forbidden path (a 500 on @fastify/static 10.1.3).
        '/portal//',
        '/portal///',
        '/portal//index.html',
        '/portal///assets/x.js',
        // A NUL in the path: @fastify/send refuses it with a 400 of its own (found by the fuzz test).
        '/docs/%00',
        '/docs/a%00.js',
        '/portal/%00',
        '/portal/assets/%00x.js',
      ]) {
        const res = await send('GET', { path });
        expectContractShape(res);
        expect({ path, body: res.body }).toEqual({
          path,
          body: errorBody.notFound(Messages.resourceNotFound),
        });
      }
    });
  });

  describe('NUL characters', () => {
    it('in a lottery tag: GET /lottery/a%00b is the unknown lottery', async () => {
      const res = await send('GET', { path: '/lottery/a%00b', headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    });

    it('in a lottery tag of a draw route: GET /lottery/%00/draw/1970-01-01/numbers', async () => {
      const res = await send('GET', { path: '/lottery/%00/draw/1970-01-01/numbers', headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    });

    it.each([
      ['/lottery/a%00b/draw/numbers'],
      ['/lottery/a%00b/draw/latest/numbers'],
      ['/lottery/a%00b/draws'],
      ['/lottery/a%00b/draw/2020-01-01/numbers'],
    ])('in the tag of GET %s', async (path) => {
      const res = await send('GET', { path, headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
    });

    it.each([
      ['from', '/lottery/us_powerball/draws?from=2020-01-01%00'],
      ['to', '/lottery/us_powerball/draw/numbers?to=%002020-01-01'],
      ['sort_number', '/lottery/us_powerball/draws?sort_number=true%00'],
      ['limit', '/lottery?limit=1%00'],
    ])('in the %s filter of a lottery route', async (_field, path) => {
      const res = await send('GET', { path, headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(400);
    });

    it('in a date of a lottery route', async () => {
      const res = await send('GET', {
        path: '/lottery/us_powerball/draw/2020-01-01%00/numbers',
        headers: asUser(),
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidDrawDate));
    });

    it('PUT /admin/lotteries/a%00b/draws/{date}', async () => {
      const res = await send('PUT', {
        path: '/admin/lotteries/a%00b/draws/2020-01-01',
        headers: { ...asAdmin(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ main: [1, 2, 3, 4, 5], special: [1] }),
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidText));
    });

    it('DELETE /admin/lotteries/a%00b/draws/{date}', async () => {
      const res = await send('DELETE', {
        path: '/admin/lotteries/a%00b/draws/2020-01-01',
        headers: asAdmin(),
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidText));
    });

    it('PATCH /admin/lotteries/a%00b', async () => {
      const res = await send('PATCH', {
        path: '/admin/lotteries/a%00b',
        headers: { ...asAdmin(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidText));
    });

    it('POST /admin/lotteries/a%00b/draws/import', async () => {
      const res = await send('POST', {
        path: '/admin/lotteries/a%00b/draws/import',
        headers: { ...asAdmin(), 'Content-Type': 'text/csv' },
        body: 'date,main,special\n2020-01-01,1 2 3 4 5,1\n',
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidText));
    });

    it('in the CSV of an import', async () => {
      const res = await send('POST', {
        path: '/admin/lotteries/us_powerball/draws/import',
        headers: { ...asAdmin(), 'Content-Type': 'text/csv' },
        body: 'date,main,special\n2020-01-01\0,1 2 3 4 5,1\n\0\0\0\n',
      });
      expect(res.text).not.toBe('');
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expectContractShape(res);
    });

    const LICENSE = { monthlyQuota: 10, perSecond: 1, perMinute: 60, perHour: 3600 };
    it.each([
      ['GET', '/admin/accounts/a%00b', undefined, errorBody.notFound(Messages.accountNotFound)],
      ['PATCH', '/admin/accounts/a%00b', { disabled: false }, errorBody.notFound(Messages.accountNotFound)],
      [
        'PUT',
        '/admin/licenses/a%00b',
        LICENSE,
        errorBody.badRequest(
          Messages.invalidField(
            'name',
            "1 to 64 characters among 'a-z', '0-9', '_' and '-', starting with a letter or digit",
          ),
        ),
      ],
      ['DELETE', '/admin/licenses/a%00b', undefined, errorBody.notFound(Messages.licenseNotFound)],
      ['GET', '/profile/token/a%00b', undefined, errorBody.notFound(Messages.tokenNotFound)],
      ['PATCH', '/profile/token/a%00b', { description: 'x' }, errorBody.notFound(Messages.tokenNotFound)],
      ['DELETE', '/profile/token/a%00b', undefined, errorBody.notFound(Messages.tokenNotFound)],
      ['POST', '/profile/token/a%00b/roll', {}, errorBody.notFound(Messages.tokenNotFound)],
    ])('in the path parameter of %s %s', async (method, path, body, expected) => {
      const res = await send(method, {
        path,
        headers: {
          ...(path.startsWith('/admin') ? asAdmin() : asUser()),
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expectContractShape(res);
      expect(res.status).toBe(expected.code === 401 ? 400 : expected.code);
      expect(res.body).toEqual(expected);
    });

    it('GET /admin/accounts?email=a%00b is a 400 naming the filter', async () => {
      const res = await send('GET', { path: '/admin/accounts?email=a%00b', headers: asAdmin() });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.nulCharacter('email')));
    });

    it('GET /profile/usage?month=%00 is a 400', async () => {
      const res = await send('GET', { path: '/profile/usage?month=2020-01%00', headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(400);
    });

    it.each([['/auth/login'], ['/auth/register']])('in the e-mail of POST %s', async (path) => {
      const res = await api.post(path, { body: { email: 'a\u0000b@example.test', password: PASSWORD } });
      expectContractShape(res);
      expect(res.status).toBe(400);
    });

    it('in the password of POST /auth/register and /auth/login', async () => {
      for (const path of ['/auth/register', '/auth/login']) {
        const res = await api.post(path, {
          body: { email: uniqueEmail('nul'), password: `${PASSWORD}\u0000` },
        });
        expectContractShape(res);
        expect(res.status).toBe(400);
      }
    });

    it('in the id and description of a token', async () => {
      const created = await api.post('/profile/token', { jwt: user.jwt, body: { id: 'a\u0000b' } });
      expectContractShape(created);
      expect(created.status).toBe(400);
      const described = await api.post('/profile/token', {
        jwt: user.jwt,
        body: { id: 'nul-description', description: 'a\u0000b' },
      });
      expectContractShape(described);
      expect(described.status).toBe(400);
    });
  });

  describe('deeply nested JSON bodies', () => {
    const targets: [string, string, string, () => Record<string, string>][] = [
      ['POST /auth/register', 'POST', '/auth/register', () => ({})],
      ['POST /auth/login', 'POST', '/auth/login', () => ({})],
      ['POST /profile/token', 'POST', '/profile/token', () => asUser()],
      ['PATCH /profile/token/{id}', 'PATCH', '/profile/token/any', () => asUser()],
      [
        'PATCH /admin/accounts/{id}',
        'PATCH',
        '/admin/accounts/00000000-0000-0000-0000-000000000000',
        () => asAdmin(),
      ],
      ['PUT /admin/licenses/{name}', 'PUT', '/admin/licenses/deep', () => asAdmin()],
      ['POST /admin/lotteries', 'POST', '/admin/lotteries', () => asAdmin()],
      ['PATCH /admin/lotteries/{tag}', 'PATCH', '/admin/lotteries/us_powerball', () => asAdmin()],
      [
        'PUT /admin/lotteries/{tag}/draws/{date}',
        'PUT',
        '/admin/lotteries/us_powerball/draws/2020-01-01',
        () => asAdmin(),
      ],
    ];
    for (const [kind, payload] of [
      ['[', deepArray],
      ['{"a":', deepObject],
      ['a field holding [', `{"email":${deepArray},"main":${deepArray},"id":${deepArray}}`],
    ] as const) {
      it.each(targets)(`${DEPTH} levels of ${kind} on %s are a 400`, async (_name, method, path, auth) => {
        const res = await send(method, {
          path,
          headers: { ...auth(), 'Content-Type': 'application/json' },
          body: payload,
        });
        expectContractShape(res);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(JSON_TOO_DEEP);
      });
    }

    it('nesting just within the limit is parsed and validated (not refused as too deep)', async () => {
      const res = await api.post('/auth/login', {
        body: `{"email":${'['.repeat(31)}${']'.repeat(31)},"password":"x"}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).not.toEqual(JSON_TOO_DEEP);
    });

    it('brackets inside strings do not count as nesting', async () => {
      const res = await api.post('/auth/login', {
        body: { email: '['.repeat(DEPTH), password: '{'.repeat(DEPTH) },
      });
      expectContractShape(res);
      expect(res.body).not.toEqual(JSON_TOO_DEEP);
    });
  });

  describe('malformed URLs and oversized requests', () => {
    it.each([
      ['/lottery/%E0%A4%A'],
      ['/lottery/%'],
      ['/lottery/%zz/draws'],
      ['/admin/lotteries/%E0%A4%A/draws/import'],
    ])('a malformed percent-encoding in %s is a 400', async (path) => {
      const res = await send('GET', { path, headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.malformedUrl));
    });

    it('a malformed percent-encoding in the query string is a contract answer', async () => {
      const res = await send('GET', { path: '/lottery?limit=%E0%A4%A', headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(400);
    });

    it.each([
      ['/lottery/%2e%2e'],
      ['/lottery/%2E%2E/draws'],
      ['/lottery/..'],
      ['/lottery/../lottery'],
      ['/%2e%2e/lottery'],
    ])('dot segments %s get a contract answer, not an empty redirect', async (path) => {
      const res = await send('GET', { path, headers: asUser() });
      expectContractShape(res);
      expect([400, 404]).toContain(res.status);
    });

    it('a path parameter over 100 characters is the contract 414', async () => {
      const res = await send('GET', { path: `/lottery/${'x'.repeat(101)}`, headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(414);
      expect(res.body).toEqual(errorBody.uriTooLong(Messages.uriTooLong));
    });

    it('a long parameter on an admin route too', async () => {
      const res = await send('PUT', {
        path: `/admin/lotteries/${'x'.repeat(500)}/draws/2020-01-01`,
        headers: { ...asAdmin(), 'Content-Type': 'application/json' },
        body: '{}',
      });
      expectContractShape(res);
      expect(res.status).toBe(414);
    });

    it('a 16 KB query string is the contract 431', async () => {
      const res = await send('GET', { path: `/lottery?email=${'q'.repeat(16 * 1024)}`, headers: asUser() });
      expectContractShape(res);
      expect(res.status).toBe(431);
      expect(res.body).toEqual(errorBody.requestHeaderFieldsTooLarge(Messages.headersTooLarge));
    });

    it('55 KB of headers are the contract 431', async () => {
      const headers: Record<string, string> = asUser();
      for (let i = 0; i < 55; i++) headers[`X-Padding-${i}`] = 'h'.repeat(1000);
      const res = await send('GET', { path: '/lottery', headers });
      expectContractShape(res);
      expect(res.status).toBe(431);
      expect(res.body).toEqual(errorBody.requestHeaderFieldsTooLarge(Messages.headersTooLarge));
    });

    it('a request line that is not HTTP is the contract 400', async () => {
      const res = await raw(app.baseUrl, 'HELLO THERE\r\nHost: x');
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.malformedRequest));
    });

    it('a control character in a header value is the contract 400', async () => {
      const res = await raw(
        app.baseUrl,
        `GET /lottery HTTP/1.1\r\nHost: x\r\nX-API-Token: a\u0001b\r\nConnection: close`,
      );
      expectContractShape(res);
      expect(res.status).toBe(400);
    });

    it('a body larger than the limit is the contract 413', async () => {
      const res = await api.post('/auth/login', {
        body: `{"email":"${'e'.repeat(11 * 1024 * 1024)}"}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expectContractShape(res);
      expect(res.status).toBe(413);
      expect(res.body).toEqual(errorBody.payloadTooLarge(Messages.payloadTooLarge));
    });

    it.each([
      ['application/json; charset=utf-16'],
      ['application/x-www-form-urlencoded'],
      ['multipart/form-data; boundary=x'],
    ])('a body of type %s is a contract answer', async (type) => {
      const res = await send('POST', {
        path: '/auth/login',
        headers: { 'Content-Type': type },
        body: 'email=a&password=b',
      });
      expectContractShape(res);
      expect([400, 415]).toContain(res.status);
    });
  });

  describe('prototype pollution', () => {
    it.each([
      ['POST /auth/register', 'POST', '/auth/register', false],
      ['POST /auth/login', 'POST', '/auth/login', false],
      ['POST /profile/token', 'POST', '/profile/token', false],
      ['PUT /admin/licenses/{name}', 'PUT', '/admin/licenses/proto', true],
      ['PATCH /admin/accounts/{id}', 'PATCH', '/admin/accounts/00000000-0000-0000-0000-000000000000', true],
      ['POST /admin/lotteries', 'POST', '/admin/lotteries', true],
      [
        'PUT /admin/lotteries/{tag}/draws/{date}',
        'PUT',
        '/admin/lotteries/us_powerball/draws/1801-01-01',
        true,
      ],
    ])(
      '__proto__ and constructor keys on %s neither pollute nor fail',
      async (_name, method, path, isAdmin) => {
        const payloads = [
          '{"__proto__":{"polluted":"yes","role":"admin"},"email":"p@example.test","password":"x"}',
          '{"constructor":{"prototype":{"polluted":"yes"}},"id":"proto"}',
          '{"a":{"__proto__":{"polluted":"yes"}},"main":{"__proto__":[1]},"special":{"constructor":{"prototype":{"polluted":"yes"}}}}',
          '{"__proto__":null,"toString":"x","valueOf":1,"hasOwnProperty":"x"}',
          '{"monthlyQuota":{"__proto__":{"valueOf":1}},"perSecond":"__proto__","perMinute":1,"perHour":1}',
        ];
        for (const body of payloads) {
          const res = await send(method, {
            path,
            headers: { ...(isAdmin ? asAdmin() : asUser()), 'Content-Type': 'application/json' },
            body,
          });
          expect(res.text).not.toBe('');
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expectContractShape(res);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect((Object.prototype as Record<string, unknown>).role).toBeUndefined();
        }
        // The service still answers normally, and no pollution reached it either.
        const profile = await api.get('/profile', { jwt: user.jwt });
        expect(profile.status).toBe(200);
        expect(profile.body.role).toBe('user');
        expect(profile.text).not.toContain('polluted');
      },
    );

    it('a __proto__ key in a query string neither pollutes nor fails', async () => {
      for (const path of [
        '/lottery?__proto__[polluted]=yes&limit=1',
        '/lottery?constructor[prototype][polluted]=yes',
        '/admin/accounts?__proto__=x&email[__proto__]=y',
        '/lottery/us_powerball/draws?limit=1&limit=2&__proto__.polluted=1',
      ]) {
        const res = await send('GET', {
          path,
          headers: { ...asUser(), ...(path.startsWith('/admin') && asAdmin()) },
        });
        expect(res.text).not.toBe('');
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expectContractShape(res);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    });
  });
});

// A real preflight (Origin and Access-Control-Request-Method) is answered by the CORS hook before any body is
// read; any other OPTIONS request reaches the route, and its body is parsed first.
describe('bodies on the CORS preflight route (served by Fastify, not Nest)', () => {
  const preflight = { Origin: 'http://portal.example', 'Access-Control-Request-Method': 'POST' };
  let app: TestApp;
  const send = (method: string, request: RawRequest) => rawRequest(app.baseUrl, method, request);

  // With the portal built (as in the Docker image), configureApp awaits @fastify/static's registration, which
  // loads the CORS plugin, and its `OPTIONS *` route, before Nest installs its error handler at init: the route
  // keeps Fastify's default one. findPortalDir looks in <cwd>/dist/apps/portal, so the app starts from a
  // directory holding a built portal (a stub page) and the repository's apps/ (bundled data).
  let portalCwd: string;
  beforeAll(async () => {
    const cwd = process.cwd();
    portalCwd = mkdtempSync(join(tmpdir(), 'lrs-portal-'));
    mkdirSync(join(portalCwd, 'dist', 'apps', 'portal'), { recursive: true });
    writeFileSync(
      join(portalCwd, 'dist', 'apps', 'portal', 'index.html'),
      '<!doctype html><title>portal</title>',
    );
    symlinkSync(join(REPOSITORY, 'apps'), join(portalCwd, 'apps'));
    process.chdir(portalCwd);
    try {
      app = await createTestApp();
    } finally {
      process.chdir(cwd);
    }
    const page = await fetch(`${app.baseUrl}/portal/`);
    expect(page.status).toBe(200); // the portal is served: the set-up under test is in place
  });
  afterAll(async () => {
    await app?.close();
    rmSync(portalCwd, { recursive: true, force: true });
  });

  it.each([['/'], ['/lottery'], ['/auth/login'], ['/no/such/route']])(
    'OPTIONS %s with a body that is not JSON is the contract 400',
    async (path) => {
      const res = await send('OPTIONS', {
        path,
        headers: { 'Content-Type': 'application/json' },
        body: '[',
      });
      expectContractShape(res);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidJsonBody));
    },
  );

  it('OPTIONS with a body nested too deep is the contract 400', async () => {
    const res = await send('OPTIONS', {
      path: '/auth/register',
      headers: { 'Content-Type': 'application/json' },
      body: deepArray,
    });
    expectContractShape(res);
    expect(res.body).toEqual(JSON_TOO_DEEP);
  });

  it('OPTIONS with a body of an unknown type is the contract 415', async () => {
    const res = await send('OPTIONS', {
      path: '/lottery',
      headers: { 'Content-Type': 'application/xml' },
      body: '<a/>',
    });
    expectContractShape(res);
    expect(res.status).toBe(415);
    expect(res.body).toEqual(
      errorBody.unsupportedMediaType(
        Messages.unsupportedContentType('application/xml', "'application/json'"),
      ),
    );
  });

  it('OPTIONS with a body over the size limit is the contract 413', async () => {
    const res = await fetch(`${app.baseUrl}/lottery`, {
      method: 'OPTIONS',
      headers: { 'Content-Type': 'application/json' },
      body: `"${'x'.repeat(11 * 1024 * 1024)}"`,
    });
    const text = await res.text();
    expectContractShape({ status: res.status, text, body: JSON.parse(text) });
    expect(res.status).toBe(413);
    expect(JSON.parse(text)).toEqual(errorBody.payloadTooLarge(Messages.payloadTooLarge));
  });

  it('a preflight without a body is still answered by the CORS route', async () => {
    const res = await fetch(`${app.baseUrl}/lottery`, { method: 'OPTIONS', headers: preflight });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://portal.example');
  });
});

/**
 * @fastify/cors's default `strictPreflight` answered an OPTIONS request that has an Origin but no
 * Access-Control-Request-Method with `400 text/plain` "Invalid Preflight Request"; configureApp turns it off, so
 * such a request is answered like any other preflight.
 */
describe('an OPTIONS request with an Origin but no Access-Control-Request-Method', () => {
  let app: TestApp;
  beforeAll(async () => ({ app } = await withSharedApp()));
  afterAll(() => app.close());

  it('is answered like any preflight: 204 with the CORS headers, never a text/plain 400', async () => {
    const res = await rawRequest(app.baseUrl, 'OPTIONS', {
      path: '/lottery',
      headers: { Origin: 'http://portal.example' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://portal.example');
    expect(res.text).toBe('');
  });
});
