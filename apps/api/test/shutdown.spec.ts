import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from './support/test-app';
import { http, Http } from './support/http';
import { newAdmin, newTokenHolder } from './support/fixtures';
import { SETTINGS } from '../src/config/settings.module';
import type { Settings } from '../src/config/settings';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { UsageWriteBackService } from '../src/modules/metering/usage-write-back.service';

/**
 * A graceful shutdown under a steady load of metered requests, through RunningApp.close() (what SIGTERM and
 * SIGINT call in main.ts): no request the server accepted is reset, every answered request is counted in
 * PostgreSQL, and the database closes after the last answer and the last usage write.
 */

type Outcome =
  | { kind: 'answered'; status: number; at: number; afterClose: boolean }
  | { kind: 'refused'; at: number } // ECONNREFUSED: the listener is closed, nothing was accepted
  | { kind: 'broken'; code: string; at: number; afterClose: boolean }; // reset, hang-up: an accepted request lost

function get(agent: Agent, port: number, path: string, token: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, agent, headers: { 'X-API-Token': token } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.end();
  });
}

/** Sum of usage_daily for an account, read straight from PostgreSQL after the app has closed. */
async function usageInDatabase(app: TestApp, settings: Settings, accountId: string): Promise<number> {
  const read = async (url: string) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const [row] = (
        await client.query(
          'SELECT COALESCE(SUM(count), 0)::int AS used FROM usage_daily WHERE account_id = $1',
          [accountId],
        )
      ).rows;
      return Number(row.used);
    } finally {
      await client.end();
    }
  };
  if (app.databaseUrl) return read(app.databaseUrl);
  // Embedded engine: the app stopped its PostgreSQL; start the same data directory again to look.
  const embedded = await startEmbeddedPostgres(join(settings.dataDir, 'pg'));
  try {
    return await read(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/** A token holder on a license that neither quota nor rate limits will stop. */
async function unlimitedHolder(app: TestApp, api: Http) {
  const admin = await newAdmin(app, api);
  const license = await api.put('/admin/licenses/shutdown-load', {
    jwt: admin.jwt,
    body: { monthlyQuota: null, perSecond: 100000, perMinute: 1000000, perHour: 10000000 },
  });
  expect(license.status).toBe(200);
  const holder = await newTokenHolder(api, 'shutdown');
  const patch = await api.patch(`/admin/accounts/${holder.id}`, {
    jwt: admin.jwt,
    body: { license: 'shutdown-load' },
  });
  expect(patch.status).toBe(200);
  return holder;
}

describe('graceful shutdown under load', () => {
  let app: TestApp;
  let api: Http;

  beforeEach(async () => {
    app = await createTestApp({ SHUTDOWN_TIMEOUT_MS: '10000' });
    api = http(app.baseUrl);
  });
  afterEach(() => app.close());

  it('a usage write that fails during shutdown is retried, not lost', async () => {
    const holder = await unlimitedHolder(app, api);
    const nest = app.running.app;
    const settings = nest.get<Settings>(SETTINGS);
    // Write-back transactions fail (a dropped connection, a failover) until the shutdown has made its first try:
    // the counts stay in memory, and the shutdown's first write fails as well.
    const writeBack = nest.get(UsageWriteBackService);
    const beforeShutdown = writeBack.beforeApplicationShutdown.bind(writeBack);
    let shuttingDown = false;
    jest.spyOn(writeBack, 'beforeApplicationShutdown').mockImplementation(() => {
      shuttingDown = true;
      return beforeShutdown();
    });
    const dataSource = nest.get(DataSource);
    const transaction = dataSource.transaction.bind(dataSource) as (...args: unknown[]) => Promise<unknown>;
    let failures = 0;
    let failedOnShutdown = false;
    jest.spyOn(dataSource, 'transaction').mockImplementation((async (...args: unknown[]) => {
      if (!failedOnShutdown) {
        failures++;
        failedOnShutdown = shuttingDown;
        throw new Error('Connection terminated unexpectedly');
      }
      return transaction(...args);
    }) as never);
    for (let i = 0; i < 7; i++)
      expect((await api.get('/lotteries?limit=0', { token: holder.token })).status).toBe(200);
    await app.running.close();
    expect(failedOnShutdown).toBe(true);
    expect(failures).toBeGreaterThanOrEqual(1);
    expect(await usageInDatabase(app, settings, holder.id)).toBe(7);
  });

  it('serves or cleanly refuses every request, counts every answer in PostgreSQL, closes the database last', async () => {
    const holder = await unlimitedHolder(app, api);

    const nest = app.running.app;
    const settings = nest.get<Settings>(SETTINGS);
    const server = nest.getHttpServer();
    const port = Number(new URL(app.baseUrl).port);

    // What the server did, seen from inside: when it finished its last answer, when usage was last written,
    // when the database connection closed.
    let lastAnswerFinished = 0;
    server.on('request', (_req, res) => res.on('finish', () => (lastAnswerFinished = Date.now())));
    const writeBack = nest.get(UsageWriteBackService);
    const flush = writeBack.flush.bind(writeBack);
    let lastFlushDone = 0;
    jest.spyOn(writeBack, 'flush').mockImplementation(async () => {
      await flush();
      lastFlushDone = Date.now();
    });
    const dataSource = nest.get(DataSource);
    const destroy = dataSource.destroy.bind(dataSource);
    let databaseClosedAt = 0;
    jest.spyOn(dataSource, 'destroy').mockImplementation(async () => {
      databaseClosedAt = Date.now();
      return destroy();
    });

    const LOOPS = 8;
    const outcomes: Outcome[] = [];
    let closeStartedAt = 0;
    const loop = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // Until the listener is gone: after that, every new connection is refused and the loop ends.
        for (;;) {
          try {
            const { status } = await get(agent, port, '/lotteries?limit=0', holder.token);
            outcomes.push({ kind: 'answered', status, at: Date.now(), afterClose: closeStartedAt > 0 });
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
            if (code === 'ECONNREFUSED') {
              outcomes.push({ kind: 'refused', at: Date.now() });
              return;
            }
            outcomes.push({ kind: 'broken', code, at: Date.now(), afterClose: closeStartedAt > 0 });
            if (closeStartedAt === 0) throw error;
          }
        }
      } finally {
        agent.destroy();
      }
    };
    const loops = Array.from({ length: LOOPS }, loop);

    // A steady load first, then the shutdown SIGTERM triggers, in the middle of it.
    while (outcomes.filter((o) => o.kind === 'answered').length < 600)
      await new Promise((r) => setTimeout(r, 10));
    closeStartedAt = Date.now();
    const closing = app.running.close();
    await Promise.all(loops);
    await closing;
    const closedAt = Date.now();

    const answered = outcomes.filter(
      (o): o is Extract<Outcome, { kind: 'answered' }> => o.kind === 'answered',
    );
    const broken = outcomes.filter((o): o is Extract<Outcome, { kind: 'broken' }> => o.kind === 'broken');
    const refused = outcomes.filter((o) => o.kind === 'refused');
    const charged = answered.filter(
      (o) => o.status === 200 || (o.status >= 400 && o.status < 500 && o.status !== 429),
    );
    const counted = await usageInDatabase(app, settings, holder.id);
    console.log(
      `shutdown under load (${app.databaseUrl ? 'server' : 'embedded'} engine, ${LOOPS} keep-alive loops): ` +
        `${answered.length} answered (${answered.filter((o) => o.afterClose).length} after close began; ` +
        `statuses ${[...new Set(answered.map((o) => o.status))].join(',')}), ${counted} counted in PostgreSQL, ` +
        `${broken.length} resets/socket errors (${broken.map((o) => o.code).join(',') || 'none'}), ` +
        `${refused.length} cleanly refused; close took ${closedAt - closeStartedAt} ms`,
    );

    expect(answered.length).toBeGreaterThanOrEqual(600);
    expect(answered.every((o) => o.status === 200)).toBe(true);
    // No accepted request was reset or hung up on.
    expect(broken).toEqual([]);
    // Each loop ended on a refused connection: the listener closed, nothing after it was answered.
    expect(refused).toHaveLength(LOOPS);
    for (const r of refused) expect(r.at).toBeGreaterThanOrEqual(closeStartedAt);
    // Every charged answer is in usage_daily, none more.
    expect(counted).toBe(charged.length);
    // The order that loses nothing: last answer, then the last usage write, then the database.
    expect(databaseClosedAt).toBeGreaterThan(0);
    expect(lastFlushDone).toBeGreaterThanOrEqual(lastAnswerFinished);
    expect(databaseClosedAt).toBeGreaterThanOrEqual(lastFlushDone);
    expect(closedAt - closeStartedAt).toBeLessThan(settings.shutdownTimeoutMs);
  });
});
