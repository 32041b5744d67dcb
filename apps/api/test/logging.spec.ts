import { connect } from 'node:net';
import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';
import { newTokenHolder, PASSWORD, sql } from './support/fixtures';

/** What operators read: one JSON object per line (LOG_FORMAT=json), collected from the app's logger. */
class LogLines {
  readonly lines: Record<string, any>[] = [];
  write(chunk: string): void {
    for (const line of chunk.split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
  }
  raw(): string {
    return this.lines.map((l) => JSON.stringify(l)).join('\n');
  }
  /** Lines of one request; the access line is written once the answer has gone, so wait for it briefly. */
  async ofRequest(requestId: string): Promise<Record<string, any>[]> {
    for (let i = 0; i < 50; i += 1) {
      const found = this.lines.filter((l) => l.reqId === requestId);
      if (found.some((l) => l.msg === 'request completed')) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.lines.filter((l) => l.reqId === requestId);
  }
}

describe('structured logs', () => {
  const logs = new LogLines();
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'log', LOG_FORMAT: 'json' }, { logDestination: logs });
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  it('one access line per request: request id, route, status, latency and account id', async () => {
    const holder = await newTokenHolder(api);
    const res = await api.get('/lottery/us_powerball/draw/latest/numbers', { token: holder.token });
    expect(res.status).toBe(200);
    const lines = await logs.ofRequest(res.headers.get('x-request-id')!);
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/lottery/us_powerball/draw/latest/numbers',
      route: '/lottery/:tag/draw/latest/numbers',
      status: 200,
      accountId: holder.id,
    });
    expect(typeof access[0].ms).toBe('number');
  });

  it('never writes a token, a JWT or a password', async () => {
    const holder = await newTokenHolder(api);
    await api.get('/lottery', { token: holder.token });
    await api.get('/profile/token', { jwt: holder.jwt });
    await api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } });
    await api.post('/auth/login', { body: { email: holder.email, password: 'wrong password here' } });
    await new Promise((r) => setTimeout(r, 200));
    const text = logs.raw();
    expect(text).toContain('request completed');
    expect(text).not.toContain(holder.token);
    expect(text).not.toContain(holder.jwt);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('wrong password here');
  });

  it('a 5xx is logged once as an error under its request id, and counted in /metrics', async () => {
    const holder = await newTokenHolder(api);
    const before = await api.get('/metrics');
    const count = (text: string) => Number(/^unexpected_errors_total (\d+)/m.exec(text)?.[1] ?? 0);
    await sql(app, 'ALTER TABLE api_tokens RENAME TO api_tokens_gone_for_logs');
    let requestId: string;
    try {
      const res = await api.get('/profile/token', { jwt: holder.jwt });
      expect(res.status).toBe(500);
      requestId = res.headers.get('x-request-id')!;
    } finally {
      await sql(app, 'ALTER TABLE api_tokens_gone_for_logs RENAME TO api_tokens');
    }
    const lines = await logs.ofRequest(requestId);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toContain(requestId);
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({ status: 500 });
    const after = await api.get('/metrics');
    expect(count(after.text)).toBe(count(before.text) + 1);
  });
});

describe('structured logs of a client that stops sending its body', () => {
  const logs = new LogLines();
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(
      { LOG_LEVEL: 'log', LOG_FORMAT: 'json', HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '2000' },
      { logDestination: logs },
    );
  });
  afterAll(() => app.close());

  it('is answered 408 and logged as no error of ours', async () => {
    const { port } = new URL(app.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await new Promise((r) => setTimeout(r, 300));
    expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
