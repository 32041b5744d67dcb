import { connect, Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { createTestApp, TestApp } from './support/test-app';
import { http } from './support/http';
import { newTokenHolder } from './support/fixtures';
import { errorBody, Messages } from './support/contract-errors';

/**
 * Slow and abusive clients, on raw sockets: headers or a body trickled in, more connections than one client is
 * allowed, and the service's responsiveness while a hundred slow connections are held open.
 */

const TIMEOUT = errorBody.requestTimeout(Messages.requestTimeout);

interface RawResult {
  /** Everything the server sent. */
  text: string;
  /** Milliseconds from connect to the server closing its side (or to giving up). */
  elapsedMs: number;
  /** The server ended or destroyed the connection (false: we gave up waiting). */
  closedByServer: boolean;
  error?: string;
}

/**
 * Connects and writes `chunks` one every `intervalMs` (the first at once) until the server closes the connection
 * or `giveUpMs` passes.
 */
function trickle(
  port: number,
  chunks: string[],
  intervalMs: number,
  giveUpMs: number,
  track?: Socket[],
): Promise<RawResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1' });
    track?.push(socket);
    let text = '';
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (closedByServer: boolean, error?: string) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, elapsedMs: Date.now() - started, closedByServer, error });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (text += data));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(true, error.code ?? error.message));
    socket.on('connect', () => {
      const next = () => {
        if (index < chunks.length && socket.writable) socket.write(chunks[index++]);
      };
      next();
      timer = setInterval(next, intervalMs);
    });
  });
}

/** The status line's code and the parsed JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(text: string): { status: number; headers: string; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const split = text.indexOf('\r\n\r\n');
  const headers = split >= 0 ? text.slice(0, split) : text;
  let body: unknown = undefined;
  try {
    body = split >= 0 ? JSON.parse(text.slice(split + 4)) : undefined;
  } catch {
    body = text.slice(split + 4);
  }
  return { status, headers, body };
}

function portOf(app: TestApp): number {
  return Number(new URL(app.baseUrl).port);
}

/** A plain GET over node:http from a chosen loopback address (so it is another "client" for the cap). */
function getFrom(
  port: number,
  path: string,
  localAddress = '127.0.0.1',
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end();
  });
}

/** Opens a raw connection and waits until it is established (or refused). */
function openIdle(port: number, options: { allowHalfOpen?: boolean } = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: options.allowHalfOpen ?? false });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients: headers and bodies trickled in get the contract 408', () => {
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    // Node refuses a headers timeout above the request (body) timeout, so both are small here.
    app = await createTestApp({ HEADERS_TIMEOUT_MS: '1500', BODY_TIMEOUT_MS: '3000' });
    port = portOf(app);
  });
  afterAll(() => app.close());

  it('headers sent one line per second: 408 contract body and the connection closed, well before 75 s', async () => {
    const lines = [
      'GET /health/live HTTP/1.1\r\n',
      'Host: localhost\r\n',
      ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: ${i}\r\n`),
      '\r\n',
    ];
    const result = await trickle(port, lines, 1000, 20_000);
    console.log(`slow headers (HEADERS_TIMEOUT_MS=1500): 408 and closed after ${result.elapsedMs} ms`);
    expect(result.closedByServer).toBe(true);
    const answer = parseAnswer(result.text);
    expect(answer.status).toBe(408);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual(TIMEOUT);
    // The timeout is checked every second: 1.5 s plus at most one check interval, plus a busy machine's slack.
    expect(result.elapsedMs).toBeGreaterThanOrEqual(1400);
    expect(result.elapsedMs).toBeLessThan(6000);
  });

  it('a body trickled at 1 byte/s: 408 contract body and the connection closed', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(100) }).slice(0, 100);
    const head =
      'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(port, [head, ...body.split('')], 1000, 20_000);
    console.log(`slow body (BODY_TIMEOUT_MS=3000): 408 and closed after ${result.elapsedMs} ms`);
    expect(result.closedByServer).toBe(true);
    const answer = parseAnswer(result.text);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(TIMEOUT);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(2900);
    expect(result.elapsedMs).toBeLessThan(8000);
  });

  it('after an early 413, a client still trickling its body is read until BODY_TIMEOUT_MS, then closed', async () => {
    // The client keeps its side open and goes on sending after the answer (allowHalfOpen: it ignores our FIN).
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const started = Date.now();
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (text += data));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.write(
      'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n',
    );
    const drip = setInterval(() => socket.write('x'), 250);
    const giveUp = setTimeout(() => socket.destroy(), 15_000);
    const elapsedMs = await closed;
    clearInterval(drip);
    clearTimeout(giveUp);
    console.log(`trickling after an early 413 (BODY_TIMEOUT_MS=3000): closed after ${elapsedMs} ms`);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(413);
    expect(answer.headers).toMatch(/connection: close/i);
    // Not reset at once (the client could not have read the answer), nor held past the timeout.
    expect(elapsedMs).toBeGreaterThanOrEqual(2000);
    expect(elapsedMs).toBeLessThan(8000);
  });

  it('the service keeps answering others while a slow client is being timed out', async () => {
    const slow = trickle(port, ['GET /health/live HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n'], 1000, 20_000);
    await sleep(200);
    const res = await getFrom(port, '/health/live');
    expect(res.status).toBe(200);
    expect(parseAnswer((await slow).text).status).toBe(408);
  });
});

describe('connection cap per client (MAX_CONNECTIONS_PER_CLIENT)', () => {
  const CAP = 20;
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({ MAX_CONNECTIONS_PER_CLIENT: String(CAP) });
    port = portOf(app);
  });
  afterAll(() => app.close());

  /** Connections the server holds open right now. */
  function serverConnections(): Promise<number> {
    return new Promise((resolve, reject) =>
      app.running.app
        .getHttpServer()
        .getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  }

  // Each test starts from a server holding no connection of this client (closes are seen asynchronously).
  beforeEach(async () => {
    for (let i = 0; i < 100 && (await serverConnections()) > 0; i++) await sleep(20);
    expect(await serverConnections()).toBe(0);
  });

  it('past the cap a connection is answered 429 in the contract shape and closed; other clients are served', async () => {
    const held: Socket[] = [];
    try {
      for (let i = 0; i < CAP; i++) held.push(await openIdle(port));
      // The next ones from the same address are refused at once.
      const extra = await Promise.all(Array.from({ length: 5 }, () => trickle(port, [], 1000, 5000)));
      for (const refused of extra) {
        expect(refused.closedByServer).toBe(true);
        const answer = parseAnswer(refused.text);
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual(errorBody.tooManyRequests());
        expect(answer.headers).toMatch(/retry-after: 1/i);
        expect(refused.elapsedMs).toBeLessThan(2000);
      }
      // Another address (127.0.0.2 is loopback too) is still served while this client holds its CAP.
      const other = await getFrom(port, '/health/live', '127.0.0.2');
      expect(other.status).toBe(200);
      // The held connections are still usable: a request on one of them is answered.
      const first = held[0];
      const answered = new Promise<string>((resolve) => {
        let text = '';
        first.setEncoding('latin1');
        first.on('data', (d: string) => {
          text += d;
          if (text.includes('\r\n\r\n')) resolve(text);
        });
      });
      first.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(parseAnswer(await answered).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once the client lets go, it is served again.
    await sleep(100);
    expect((await getFrom(port, '/health/live')).status).toBe(200);
  });

  it('refused connections do not linger when the client never closes its side (half-open)', async () => {
    const held: Socket[] = [];
    const refused: Socket[] = [];
    try {
      for (let i = 0; i < CAP; i++) held.push(await openIdle(port));
      // An abusive client that keeps its side open after the server's answer (allowHalfOpen), 30 times.
      for (let i = 0; i < 30; i++) refused.push(await openIdle(port, { allowHalfOpen: true }));
      await sleep(2500);
      const open = await serverConnections();
      console.log(`connection cap ${CAP}: server holds ${open} connections after 30 refused half-open ones`);
      // Only the CAP accepted connections may stay; refused ones must be gone, else the cap caps nothing.
      expect(open).toBeLessThanOrEqual(CAP);
    } finally {
      for (const socket of [...held, ...refused]) socket.destroy();
    }
  });

  it('a request sent at once on a refused connection is neither served nor charged: only the 429', async () => {
    const api = http(app.baseUrl);
    const holder = await newTokenHolder(api);
    await sleep(100);
    for (let i = 0; i < 100 && (await serverConnections()) > 0; i++) await sleep(20);
    const held: Socket[] = [];
    try {
      for (let i = 0; i < CAP; i++) held.push(await openIdle(port));
      const request = `GET /lotteries?limit=0 HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${holder.token}\r\n\r\n`;
      const results = await Promise.all(
        Array.from({ length: 5 }, () => trickle(port, [request], 1000, 5000)),
      );
      for (const result of results) {
        expect(parseAnswer(result.text).status).toBe(429);
        expect(result.text).not.toMatch(/HTTP\/1\.1 200/);
        expect(result.closedByServer).toBe(true);
      }
    } finally {
      for (const socket of held) socket.destroy();
    }
    await sleep(300);
    const usage = await api.get('/profile/usage', { jwt: holder.jwt });
    expect(usage.status).toBe(200);
    expect(usage.body.used).toBe(0);
  });
});

describe('responsiveness with 100 slow connections open', () => {
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({ HEADERS_TIMEOUT_MS: '30000' });
    port = portOf(app);
  });
  afterAll(() => app.close());

  it('/health/live stays fast (p99 of 50 requests) while 100 connections trickle headers', async () => {
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push((await getFrom(port, '/health/live')).ms);

    const lines = [
      'GET /health/live HTTP/1.1\r\n',
      ...Array.from({ length: 60 }, (_, i) => `X-S${i}: ${i}\r\n`),
    ];
    const sockets: Socket[] = [];
    const slow = Array.from({ length: 100 }, () => trickle(port, lines, 1000, 60_000, sockets));
    await sleep(1500);
    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await getFrom(port, '/health/live');
      expect(res.status).toBe(200);
      latencies.push(res.ms);
    }
    const connections = await new Promise<number>((resolve) =>
      app.running.app.getHttpServer().getConnections((_e, n) => resolve(n)),
    );
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `/health/live with 100 slow connections (server held ${connections}): ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms ` +
        `(baseline without them: p50 ${percentile(baseline, 50).toFixed(1)} ms, p99 ${percentile(baseline, 99).toFixed(1)} ms)`,
    );
    expect(connections).toBeGreaterThanOrEqual(100);
    expect(p99).toBeLessThan(500);
    // None of the slow clients was answered (they never finished their headers) nor dropped early.
    for (const socket of sockets) socket.destroy();
    const results = await Promise.all(slow);
    for (const r of results) expect(r.text).toBe('');
  });
});
