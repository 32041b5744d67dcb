import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MCP_BATCH_LIMIT } from '../src/modules/mcp/mcp-admission.guard';
import { errorBody, Messages } from './support/contract-errors';
import { newAdmin, newLicensedHolder, newTokenHolder, type TestLicenseLimits } from './support/fixtures';
import { http, Http } from './support/http';
import { answerBeforeBody } from './support/raw-exchange';
import { testRedisUrl } from './support/redis';
import { createTestApp, TestApp } from './support/test-app';
import { withAdmin } from './support/test-set-ups';

/**
 * What the MCP endpoint admits before any exchange (contract section 11), as a security review found it wanting:
 * the account's license and rate windows (a free token's batches of 100 `tools/list` were answered 861 bytes per
 * byte sent, unmetered, even for a disabled account), the size of a batch, a browser page's Origin and Host (DNS
 * rebinding), CORS on the routes of a logged-in account, and tool arguments that would re-route the in-process
 * request (`.`, `..`).
 */

const ACCEPT = { Accept: 'application/json, text/event-stream' };
const ATTACKER = join(__dirname, '..', '..', '..', 'tools', 'bench', 'attacker.mjs');

/** What the bench's attacker reports: the answers' statuses, and the bytes of the bodies sent and received. */
interface AttackOutcome {
  statuses: Record<number, number>;
  sent: number;
  received: number;
}
const message = (method: string, id?: number) => ({ jsonrpc: '2.0', method, ...(id ? { id } : {}) });
const batchOf = (size: number, method = 'tools/list') =>
  Array.from({ length: size }, (_, i) => message(method, i + 1));
const toolCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
  bytes: number;
}

/** A POST with exactly these headers, Host and Origin included (fetch chooses Host itself). */
function post(baseUrl: string, path: string, headers: Record<string, string>, body: unknown) {
  const url = new URL(baseUrl);
  const payload = JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { Host: url.host, 'Content-Type': 'application/json', ...ACCEPT, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? JSON.parse(text) : undefined,
            bytes: Buffer.byteLength(text),
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe('the MCP endpoint admits before any exchange', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  const mcp = (headers: Record<string, string>, body: unknown) => post(app.baseUrl, '/mcp', headers, body);
  const holderWith = (limits: TestLicenseLimits) =>
    newLicensedHolder(api, admin.jwt, `adm-${randomBytes(3).toString('hex')}`, limits);
  const used = async (jwt: string): Promise<number> => (await api.get('/profile/usage', { jwt })).body.used;

  beforeAll(async () => {
    ({ app, api, admin } = await withAdmin());
  });
  afterAll(() => app?.close());

  describe("the account's license and rate windows", () => {
    /** A POST to /mcp whose head has arrived and whose body has not. */
    const announced = (headers: string[]) =>
      [
        'POST /mcp HTTP/1.1',
        `Host: ${new URL(app.baseUrl).host}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        ...headers,
        'Content-Length: 4000',
      ].join('\r\n');

    it('a disabled account and one without a license: the contract 403 at once, before the body', async () => {
      const disabled = await holderWith({ monthlyQuota: 10 });
      const unlicensed = await holderWith({ monthlyQuota: 10 });
      await api.patch(`/admin/accounts/${disabled.id}`, { jwt: admin.jwt, body: { disabled: true } });
      await api.patch(`/admin/accounts/${unlicensed.id}`, { jwt: admin.jwt, body: { license: null } });
      expect(
        await answerBeforeBody(app.baseUrl, announced([`X-API-Token: ${disabled.token}`]), '[{"jsonrpc"'),
      ).toMatchObject({ status: 403, body: errorBody.forbidden(Messages.accountDisabled) });
      expect(
        await answerBeforeBody(app.baseUrl, announced([`Authorization: Bearer ${unlicensed.token}`])),
      ).toMatchObject({ status: 403, body: errorBody.forbidden(Messages.noLicense) });
    });

    it(`a batch holds at most ${MCP_BATCH_LIMIT} messages: more is a 400 naming the limit, and counts nothing`, async () => {
      const holder = await holderWith({ monthlyQuota: null, perMinute: 30 });
      const token = { 'X-API-Token': holder.token };
      expect(await mcp(token, batchOf(MCP_BATCH_LIMIT + 1))).toMatchObject({
        status: 400,
        body: errorBody.badRequest(Messages.mcpBatchTooLarge(10)),
      });
      const whole = await mcp(token, batchOf(MCP_BATCH_LIMIT));
      expect(whole.status).toBe(200);
      expect(whole.body).toHaveLength(10);
      expect(whole.body.every((answer: any) => answer.result.tools.length === 9)).toBe(true);
      // The refused 11 were not counted: the 10 leave 20 of the minute's 30.
      expect(whole.headers['x-ratelimit-remaining']).toBe('20');
    });

    /**
     * Three batches of 10 tools/list at once, on a license of 10 a second: the first takes the 10 units, the others
     * find none (one comes back every 100 ms, and a batch of 10 needs all of them): the 429, in the contract's shape.
     */
    async function expectFloodRefused(baseUrl: string, token: string): Promise<void> {
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(baseUrl, '/mcp', { 'X-API-Token': token }, batchOf(10))),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
      const refused = answers.find((a) => a.status === 429) as Answer;
      expect(refused.body).toEqual(errorBody.tooManyRequests());
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0' });
      expect(refused.bytes).toBeLessThan(100);
    }

    it('tools/list floods are counted, a unit per message, and refused with the 429 past the per-second limit', async () => {
      const holder = await holderWith({ monthlyQuota: 100, perSecond: 10 });
      await expectFloodRefused(app.baseUrl, holder.token);
      expect(await used(holder.jwt)).toBe(0); // limits, not quota: tools/list stays free of quota
    });

    it('the same in the shared counters of several instances (REDIS_URL)', async () => {
      const shared = await createTestApp({ REDIS_URL: testRedisUrl() });
      try {
        const sharedApi = http(shared.baseUrl);
        const sharedAdmin = await newAdmin(shared, sharedApi);
        const name = `adm-${randomBytes(3).toString('hex')}`;
        const holder = await newLicensedHolder(sharedApi, sharedAdmin.jwt, name, {
          monthlyQuota: 100,
          perSecond: 10,
        });
        await expectFloodRefused(shared.baseUrl, holder.token);
      } finally {
        await shared.close();
      }
    });

    it('initialize, ping and notifications count too, each POST whole or not at all', async () => {
      const holder = await holderWith({ monthlyQuota: null, perMinute: 6 });
      const token = { 'X-API-Token': holder.token };
      const initialize = {
        ...message('initialize', 1),
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      };
      const initialized = await mcp(token, initialize);
      expect([initialized.status, initialized.headers['x-ratelimit-remaining']]).toEqual([200, '5']);
      const first = await mcp(token, [message('ping', 2), message('notifications/initialized')]);
      expect([first.status, first.headers['x-ratelimit-remaining']]).toEqual([200, '3']);
      const notified = await mcp(token, message('notifications/initialized'));
      expect([notified.status, notified.headers['x-ratelimit-remaining']]).toEqual([202, '2']);
      expect((await mcp(token, batchOf(3))).status).toBe(429);
      // The refused 3 took nothing: a ping still fits, and leaves 1.
      const ping = await mcp(token, message('ping', 1));
      expect([ping.status, ping.headers['x-ratelimit-remaining']]).toEqual([200, '1']);
    });

    it('a tools/call is counted once, by the route it runs; a call of no tool by the POST', async () => {
      const holder = await holderWith({ monthlyQuota: null, perMinute: 10 });
      const token = { 'X-API-Token': holder.token };
      for (let i = 0; i < 3; i++) {
        const call = await mcp(token, toolCall('latest_draw', { tag: 'eu_euromillions' }));
        expect(call.body.result.isError).toBeFalsy();
      }
      // 3 calls and this read: 6 of the minute's 10 left (the POSTs counted none of their own).
      const read = await api.get('/lotteries?limit=0', { token: holder.token });
      expect(read.headers.get('x-ratelimit-remaining')).toBe('6');
      const unknown = await mcp(token, toolCall('buy_ticket', {}));
      expect(unknown.body.error.message).toMatch(/Tool buy_ticket not found/);
      expect(unknown.headers['x-ratelimit-remaining']).toBe('5');
      expect(await used(holder.jwt)).toBe(4);
    });

    it("the client-IP limit counts a tool call's POST once, not again for the route it runs in-process", async () => {
      // The address's window is the tightest one here, so the POSTs' X-RateLimit-Remaining is the address's.
      const limited = await createTestApp({ IP_RATE_LIMIT: '1000/h' });
      try {
        const limitedApi = http(limited.baseUrl);
        const limitedAdmin = await newAdmin(limited, limitedApi);
        const holder = await newLicensedHolder(
          limitedApi,
          limitedAdmin.jwt,
          `adm-${randomBytes(3).toString('hex')}`,
          {
            monthlyQuota: null,
            perSecond: 100_000,
            perMinute: 1_000_000,
            perHour: 10_000_000,
          },
        );
        const call = () =>
          post(
            limited.baseUrl,
            '/mcp',
            { 'X-API-Token': holder.token },
            toolCall('latest_draw', { tag: 'eu_euromillions' }),
          );
        const first = await call();
        const second = await call();
        expect([first.status, second.status, second.body.result.isError]).toEqual([200, 200, undefined]);
        const remaining = [first, second].map((answer) => Number(answer.headers['x-ratelimit-remaining']));
        expect(remaining[0]).toBeLessThan(1000);
        expect(remaining[0] - remaining[1]).toBe(1);
        // Each call charged its route's unit of quota, as a REST read would.
        expect((await limitedApi.get('/profile/usage', { jwt: holder.jwt })).body.used).toBe(2);
      } finally {
        await limited.close();
      }
    });
  });

  describe('tool arguments that go into a path', () => {
    let holder: Awaited<ReturnType<typeof holderWith>>;
    beforeAll(async () => (holder = await holderWith({ monthlyQuota: null })));
    const call = async (name: string, args: Record<string, unknown>) =>
      (await mcp({ 'X-API-Token': holder.token }, toolCall(name, args))).body.result;

    it.each(['.', '..', '%2e', '%2E%2e', '.%2E'])(
      "tag %p is a tool error naming 'tag', and no request is made (its URL would leave the route)",
      async (tag) => {
        const result = await call('get_lottery', { tag });
        expect(result.isError).toBe(true);
        expect(result.content[0].text).toBe(Messages.dotSegmentArgument('tag'));
        expect(result._meta.error).toEqual(errorBody.badRequest(Messages.dotSegmentArgument('tag')));
      },
    );

    it('any path argument (a date too), and no other value: dots inside a value are the route’s to judge', async () => {
      const date = await call('draw_on_date', { tag: 'eu_euromillions', date: '..' });
      expect([date.isError, date.content[0].text]).toEqual([true, Messages.dotSegmentArgument('date')]);
      const prizes = await call('draw_prizes', { tag: 'eu_euromillions', date: '%2e' });
      expect([prizes.isError, prizes.content[0].text]).toEqual([true, Messages.dotSegmentArgument('date')]);
      expect(await used(holder.jwt)).toBe(0); // no route ran
      const dotted = await call('get_lottery', { tag: 'eu..euromillions' });
      expect([dotted.isError, dotted.content[0].text]).toEqual([true, Messages.lotteryNotFound]);
      expect(await used(holder.jwt)).toBe(1);
    });
  });

  describe("a browser page's Origin and Host (MCP transport: validate Origin, against DNS rebinding)", () => {
    let token: Record<string, string>;
    beforeAll(async () => (token = { 'X-API-Token': (await holderWith({ monthlyQuota: null })).token }));
    const ping = (headers: Record<string, string>) => mcp({ ...token, ...headers }, message('ping', 1));
    const refused = { status: 403, body: errorBody.forbidden(Messages.mcpOriginRefused) };

    it('admits a request without Origin (no browser), and pages of the service itself on this machine', async () => {
      const { port } = new URL(app.baseUrl);
      expect((await ping({})).status).toBe(200);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
        expect((await ping({ Origin: `http://${host}`, Host: host })).status).toBe(200);
      }
    });

    it('refuses a DNS-rebinding page (its own origin, a host that is not this service’s), before the body', async () => {
      expect(await ping({ Origin: 'http://evil.example:3000', Host: 'evil.example:3000' })).toMatchObject(
        refused,
      );
      const head = [
        'POST /mcp HTTP/1.1',
        'Host: evil.example:3000',
        'Origin: http://evil.example:3000',
        'Content-Type: application/json',
        `X-API-Token: ${token['X-API-Token']}`,
        'Content-Length: 4000',
      ].join('\r\n');
      expect(await answerBeforeBody(app.baseUrl, head)).toMatchObject(refused);
    });

    it('refuses other pages: another origin (even on this machine), an opaque one, any under CORS_ORIGINS=*', async () => {
      const host = new URL(app.baseUrl).host;
      for (const origin of ['http://localhost:5173', 'null', 'https://example.org']) {
        expect(await ping({ Origin: origin, Host: host })).toMatchObject(refused);
      }
    });

    describe('with PUBLIC_URL and CORS_ORIGINS set, behind a proxy (TRUST_PROXY)', () => {
      let listed: TestApp;
      let listedToken: Record<string, string>;
      const listedPing = (headers: Record<string, string>) =>
        post(listed.baseUrl, '/mcp', { ...listedToken, ...headers }, message('ping', 1));
      beforeAll(async () => {
        listed = await createTestApp({
          CORS_ORIGINS: 'https://agents.example.com',
          PUBLIC_URL: 'https://lottery.example.com',
          TRUST_PROXY: '127.0.0.1',
        });
        const listedApi = http(listed.baseUrl);
        listedToken = { 'X-API-Token': (await newTokenHolder(listedApi)).token };
      });
      afterAll(() => listed?.close());

      it('admits a listed origin (with CORS) and the service’s own pages at PUBLIC_URL’s host', async () => {
        const agents = await listedPing({ Origin: 'https://agents.example.com' });
        expect(agents.status).toBe(200);
        expect(agents.headers['access-control-allow-origin']).toBe('https://agents.example.com');
        const own = await listedPing({
          Origin: 'https://lottery.example.com',
          Host: '10.0.0.5:3000',
          'X-Forwarded-Host': 'lottery.example.com',
          'X-Forwarded-Proto': 'https',
        });
        expect(own.status).toBe(200);
        expect(own.headers['access-control-allow-origin']).toBeUndefined(); // same origin: no CORS needed
      });

      it('refuses a DNS-rebinding page, and the public host on another port', async () => {
        for (const host of ['evil.example', 'lottery.example.com:8443']) {
          expect(await listedPing({ Origin: `https://${host}`, Host: host })).toMatchObject(refused);
        }
      });
    });
  });

  describe('CORS: routes that act for a logged-in account answer listed origins only', () => {
    const ORIGIN = 'https://example.org';
    const preflight = (baseUrl: string, path: string, method: string, origin = ORIGIN) =>
      fetch(`${baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': method },
      });

    it('under CORS_ORIGINS=*, JWT routes and /mcp grant an origin nothing, preflight or request', async () => {
      const user = await newTokenHolder(api);
      const profile = await api.get('/profile', { jwt: user.jwt, headers: { Origin: ORIGIN } });
      expect(profile.status).toBe(200);
      expect(profile.headers.get('access-control-allow-origin')).toBeNull();
      expect(profile.headers.get('vary')).toContain('Origin');
      for (const [path, method] of [
        ['/profile/token/t1', 'DELETE'],
        ['/admin/accounts', 'GET'],
        ['/mcp', 'POST'],
        ['/profile/', 'HEAD'],
      ]) {
        const answer = await preflight(app.baseUrl, path, method);
        expect([path, answer.headers.get('access-control-allow-origin')]).toEqual([path, null]);
        expect(answer.status).toBe(404);
      }
      const page = await mcp({ 'X-API-Token': user.token, Origin: ORIGIN }, message('ping', 1));
      expect(page.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('under CORS_ORIGINS=*, public and API-token routes still answer any origin', async () => {
      const user = await newTokenHolder(api);
      const read = await api.get('/lotteries?limit=0', { token: user.token, headers: { Origin: ORIGIN } });
      expect(read.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      for (const [path, method] of [
        ['/lottery/eu_euromillions/check', 'POST'],
        ['/auth/login', 'POST'],
        ['/mcp', 'GET'], // the 405 of a public route
      ]) {
        const answer = await preflight(app.baseUrl, path, method);
        expect([path, answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([
          path,
          204,
          ORIGIN,
        ]);
      }
    });

    describe('with CORS_ORIGINS listing an origin', () => {
      const LISTED = 'https://portal.example.com';
      let listed: TestApp;
      let listedApi: Http;
      beforeAll(async () => {
        listed = await createTestApp({ CORS_ORIGINS: `${LISTED}/,https://other.example.com` });
        listedApi = http(listed.baseUrl);
      });
      afterAll(() => listed?.close());

      it('JWT routes and /mcp answer it, its 429s included; an unlisted origin gets nothing anywhere', async () => {
        const user = await newTokenHolder(listedApi);
        const profile = await listedApi.get('/profile', { jwt: user.jwt, headers: { Origin: LISTED } });
        expect(profile.headers.get('access-control-allow-origin')).toBe(LISTED);
        const allowed = await preflight(listed.baseUrl, '/profile/token/t1', 'DELETE', LISTED);
        expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).toEqual([204, LISTED]);
        expect(allowed.headers.get('access-control-allow-methods')).toContain('DELETE');
        // The free license's 20 a second, taken by two batches: the third POST is refused, readable by the page.
        const page = { 'X-API-Token': user.token, Origin: LISTED };
        const answers = await Promise.all(
          [1, 2, 3].map(() => post(listed.baseUrl, '/mcp', page, batchOf(10, 'ping'))),
        );
        const tooMany = answers.find((a) => a.status === 429) as Answer;
        expect(tooMany.headers['access-control-allow-origin']).toBe(LISTED);
        expect(tooMany.headers['access-control-expose-headers']).toContain('Retry-After');
        for (const read of [
          await listedApi.get('/lotteries?limit=0', { token: user.token, headers: { Origin: ORIGIN } }),
          await listedApi.get('/profile', { jwt: user.jwt, headers: { Origin: ORIGIN } }),
        ]) {
          expect(read.headers.get('access-control-allow-origin')).toBeNull();
        }
      });
    });
  });

  describe('the attack as the review measured it: one free token floods /mcp while a tenant reads', () => {
    const VICTIM_RATE = 10;
    const SECONDS = 4;

    /** The bench's attacker (tools/bench/attacker.mjs), on a thread of its own: `rate` POSTs a second. */
    function attack(request: Record<string, unknown>): Promise<AttackOutcome> {
      return new Promise((resolve, reject) => {
        const worker = new Worker(ATTACKER, { workerData: { seconds: SECONDS, ...request } });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }

    /** `read` VICTIM_RATE times a second for SECONDS, whatever the answers' pace; resolves to the latencies. */
    async function victimReads(read: () => Promise<void>): Promise<number[]> {
      const started = performance.now();
      const latencies: Promise<number>[] = [];
      for (let i = 0; i < VICTIM_RATE * SECONDS; i++) {
        const wait = started + (i * 1000) / VICTIM_RATE - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const begin = performance.now();
        latencies.push(read().then(() => performance.now() - begin));
      }
      return (await Promise.all(latencies)).sort((a, b) => a - b);
    }

    /**
     * One run of the attack with batches of `size`, from a new free account (the free license: 20 a second),
     * while the victim reads: the victim's p95, and what the attacker got.
     */
    async function underAttack(size: number, victimToken: string) {
      const attacker = await newTokenHolder(api);
      const read = async () => {
        const answer = await api.get('/lottery/eu_euromillions/draw/latest/numbers', { token: victimToken });
        expect(answer.status).toBe(200);
      };
      await read();
      const [latencies, outcome] = await Promise.all([
        victimReads(read),
        attack({
          base: app.baseUrl,
          method: 'POST',
          path: '/mcp',
          rate: 19,
          address: '203.0.113.1',
          body: JSON.stringify(batchOf(size)),
          headers: { 'X-API-Token': attacker.token, ...ACCEPT },
        }),
      ]);
      return { p95: latencies[Math.floor(latencies.length * 0.95)], ...outcome };
    }

    it.each([100, 10])(
      "a tenant's reads keep a p95 under 50 ms while one free token POSTs batches of %d tools/list, 19 a second",
      async (size) => {
        const victim = await holderWith({ monthlyQuota: null, perSecond: 100 });
        // The service as the review found it running: the tool list built.
        expect((await mcp({ 'X-API-Token': victim.token }, message('tools/list', 1))).status).toBe(200);
        // Up to 3 runs, the first under 50 ms passing: other work on this machine (2 cores, shared) can slow a few
        // reads of one run. Seen: p95 of 5–40 ms here; without the admission, 1.5–15 s with batches of 100 in
        // every run, and all 76 batches of 10 answered (170 ms while each tools/list was encoded anew).
        let run = await underAttack(size, victim.token);
        for (let attempt = 2; attempt <= 3 && run.p95 >= 50; attempt++)
          run = await underAttack(size, victim.token);
        expect(run.p95).toBeLessThan(50);
        const { statuses, sent, received } = run;
        if (size > MCP_BATCH_LIMIT) {
          expect(statuses).toEqual({ 400: 19 * SECONDS });
          expect(received / sent).toBeLessThan(1);
        } else {
          // 20 units at once, then 20 a second: at most 10 batches of 10 in 4 s (one more for a slow clock), each
          // ≈ 400 KB; the review's batches of 100 got 861 bytes per byte sent, these ≈ 100.
          expect(statuses[200]).toBeGreaterThan(0);
          expect(statuses[200]).toBeLessThanOrEqual(11);
          expect(statuses[200] + statuses[429]).toBe(19 * SECONDS);
          expect(received / sent).toBeLessThan(130);
        }
      },
    );
  });
});
