import { Client, Pool } from 'pg';
import { WorkAbandonedError } from '../../src/common/deadline';
import { boundedClient, QueryBounds, QueryTimeoutError } from '../../src/database/bounded-client';
import { startTcpProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';
import { provisionDatabase, TestDatabase } from '../support/test-app';
import { serverBaseUrl } from '../support/test-engine';

const TIMEOUT_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pool's bounded client against a PostgreSQL server through a TCP proxy that holds what is sent during a cut
 * and delivers it at the heal (a partition's worst case): queries are bounded, and nothing given up on commits.
 */
describe('bounded PostgreSQL client (server, through a holding proxy)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let pool: Pool;

  /** Rows of `note` whose text is `text`, read directly (not through the proxy). */
  async function stored(text: string): Promise<number> {
    const client = new Client({ connectionString: database.databaseUrl! });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM bounded_note WHERE text = $1', [
        text,
      ]);
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await provisionDatabase();
    const setup = new Client({ connectionString: database.databaseUrl! });
    await setup.connect();
    await setup.query('CREATE TABLE bounded_note (text text NOT NULL)');
    await setup.end();
    const target = new URL(serverBaseUrl());
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const bounds = new QueryBounds(TIMEOUT_MS, true);
    bounds.enforce();
    pool = new Pool({
      connectionString: throughProxy(database.databaseUrl!, proxy),
      Client: boundedClient(bounds),
      connectionTimeoutMillis: TIMEOUT_MS,
      max: 4,
    });
    pool.on('error', () => undefined);
  });

  afterEach(async () => {
    proxy.restore();
    // The held bytes were delivered at the heal: let the server act on them before anything is read.
    await sleep(300);
  });

  afterAll(async () => {
    await pool?.end();
    await proxy?.close();
    await database?.dispose();
  });

  it('fails a query on a held connection within the bound, and the pool discards that connection', async () => {
    const client = await pool.connect();
    await client.query('SELECT 1');
    proxy.cut('hold');
    const started = Date.now();
    await expect(client.query('SELECT 1')).rejects.toBeInstanceOf(QueryTimeoutError);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(TIMEOUT_MS + 500);
    // Cut off: whatever comes next on it fails at once, and it does not go back into the pool.
    await expect(client.query('SELECT 1')).rejects.toBeInstanceOf(QueryTimeoutError);
    client.release();
    expect(pool.totalCount).toBe(0);
  });

  it('refuses at the server a COMMIT that arrives after the client gave up on it', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO bounded_note (text) VALUES ($1)', ['held commit']);
    proxy.cut('hold');
    await expect(client.query('COMMIT')).rejects.toBeInstanceOf(QueryTimeoutError);
    client.release();
    // Delivered now, a second after its deadline: refused there, and the transaction rolled back.
    proxy.restore();
    await sleep(500);
    expect(await stored('held commit')).toBe(0);
  });

  it('does not apply a write outside a transaction that the client gave up on', async () => {
    // The write outlives the bound on the server (no cut needed): alone, it would commit after the 503.
    const started = Date.now();
    await expect(
      pool.query('INSERT INTO bounded_note (text) SELECT $1 FROM pg_sleep(1.3)', ['slow write']),
    ).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500);
    await sleep(800);
    expect(await stored('slow write')).toBe(0);
  });

  it('commits in time, and a write on its own is committed (the guard costs nothing to work done in time)', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO bounded_note (text) VALUES ($1)', ['in time']);
    const commit = await client.query('COMMIT');
    expect(commit.command).toBe('COMMIT');
    const alone = await client.query('INSERT INTO bounded_note (text) VALUES ($1)', ['alone']);
    expect(alone.rowCount).toBe(1);
    client.release();
    expect(await stored('in time')).toBe(1);
    expect(await stored('alone')).toBe(1);
  });

  it('abandon() rolls back the work under way at once and refuses what follows', async () => {
    const client = (await pool.connect()) as unknown as InstanceType<ReturnType<typeof boundedClient>> & {
      abandon(reason?: Error): void;
      release(): void;
    };
    await client.query('BEGIN');
    await client.query('INSERT INTO bounded_note (text) VALUES ($1)', ['abandoned']);
    const sleeping = client.query('SELECT pg_sleep(0.5)');
    client.abandon();
    await expect(sleeping).rejects.toBeInstanceOf(WorkAbandonedError);
    await expect(client.query('COMMIT')).rejects.toBeInstanceOf(WorkAbandonedError);
    client.release();
    await sleep(300);
    expect(await stored('abandoned')).toBe(0);
  });

  it('gives each server session a statement timeout just above the bound', async () => {
    const { rows } = await pool.query('SHOW statement_timeout');
    expect(rows[0].statement_timeout).toBe(`${TIMEOUT_MS + 500}ms`);
  });
});
