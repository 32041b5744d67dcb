import { setTimeout as sleep } from 'node:timers/promises';
import * as drawBatchWriter from '../src/modules/draws/draw-batch-writer';
import { newAdmin, sql } from './support/fixtures';
import { http, type Http } from './support/http';
import { LOCAL_SOURCES } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import { createTestApp, type TestApp } from './support/test-app';
import { errorBody, Messages } from './support/contract-errors';

const TIMEOUT = errorBody.requestTimeout(Messages.requestTimeout);

/**
 * Long enough for the set-up's requests on a loaded machine (an administrator's registration, at the tests' light
 * Argon2 cost, a lottery, a source: each well under a second), short for a test to wait out. The writes below
 * outlive it whatever the machine's speed: their first draw batch is held until the 408 has arrived.
 */
const REQUEST_TIMEOUT_MS = 3000;

/** How long a write that went on after its 408 is given to commit, were it to. */
const AFTERWARDS_MS = 2000;

/**
 * A request the service gave up on (answered 408) has no effect afterwards: its transaction is cut when the 408
 * goes out and could not commit past its deadline anyway (transactionWithin). Seen failing without it: with
 * `this.dataSource.transaction` in place of transactionWithin in DrawImportService.importCsv, the import's 900
 * draws were all stored after its 408; and with the sync now's deadline not handed to DrawIngestService.ingest
 * (Deadline.NONE there), both fetched draws were. (Plain dataSource.transaction in the ingest alone is still
 * caught by its check between the draw and the prize writes.)
 */
describe('writes of a request given up on (408)', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let sources: SourceServer;

  beforeAll(async () => {
    sources = await startSourceServer();
    app = await createTestApp({ ...LOCAL_SOURCES, REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    api = http(app.baseUrl);
    jwt = (await newAdmin(app, api)).jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const createLottery = async (tag: string) => {
    const created = await api.post('/admin/lotteries', {
      jwt,
      body: {
        tag,
        name: `Given up ${tag}`,
        country: 'XX',
        timezone: 'UTC',
        main: { count: 3, min: 1, max: 30 },
        special: { count: 1, min: 1, max: 9 },
      },
    });
    expect(created.status).toBe(201);
  };
  const storedDraws = async (tag: string) =>
    sql(app, 'SELECT draw_date FROM draws WHERE lottery_tag = $1', [tag]);

  /**
   * Holds the next draw batch written (in the service: the spy is on the module the services call through) until
   * `release()`; `settled` ends when that batch's write has ended, one way or the other.
   */
  const holdNextBatch = () => {
    const real = drawBatchWriter.upsertDrawBatch;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let settled: Promise<unknown> = Promise.resolve();
    let reached!: () => void;
    const reachedBatch = new Promise<void>((resolve) => (reached = resolve));
    jest.spyOn(drawBatchWriter, 'upsertDrawBatch').mockImplementationOnce(async (...args) => {
      reached();
      const write = released.then(() => real(...args));
      settled = write.catch(() => undefined);
      return write;
    });
    return { release, reachedBatch, settled: () => settled };
  };

  /** `count` valid lines of the lottery created above, one a day from 2001-01-01. */
  const csvOf = (count: number) => {
    const lines = ['date,main,special'];
    const day = new Date(Date.UTC(2001, 0, 1));
    for (let i = 0; i < count; i++) {
      lines.push(
        `${day.toISOString().slice(0, 10)},${(i % 27) + 1} ${(i % 27) + 2} ${(i % 27) + 3},${(i % 9) + 1}`,
      );
      day.setUTCDate(day.getUTCDate() + 1);
    }
    return lines.join('\n');
  };

  it('an admin CSV import answered 408 stores none of its draws', async () => {
    await createLottery('xx_given_up');
    const held = holdNextBatch();
    // One batch (DRAW_BATCH_SIZE): the check between batches cannot stop it, only the transaction's own bounds.
    const started = Date.now();
    const res = await api.post('/admin/lotteries/xx_given_up/draws/import', {
      jwt,
      body: csvOf(900),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status).toBe(408);
    expect(res.body).toEqual(TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    await held.reachedBatch; // the import was under way in its transaction when the 408 went out
    held.release();
    await held.settled();
    await sleep(AFTERWARDS_MS);
    expect(await storedDraws('xx_given_up')).toEqual([]);

    // The lottery is not left locked or broken: the same file imported at once goes in whole.
    const again = await api.post('/admin/lotteries/xx_given_up/draws/import', {
      jwt,
      body: csvOf(900),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ inserted: 900, errors: [] });
  });

  it('a sync now answered 408 stores none of the fetched draws and leaves the sync state as it was', async () => {
    await createLottery('xx_given_up_sync');
    sources.answer('/given-up.csv', {
      type: 'text/csv',
      body: 'when,balls,bonus\n2026-08-12,4 17 29,3\n2026-08-05,1 2 30,9\n',
    });
    const set = await api.put('/admin/sources/xx_given_up_sync', {
      jwt,
      body: {
        adapter: 'generic',
        url: sources.url('/given-up.csv'),
        mapping: { format: 'csv', date: 'when', main: 'balls', special: 'bonus' },
      },
    });
    expect(set.status).toBe(200);
    const held = holdNextBatch();
    const res = await api.post('/admin/sources/xx_given_up_sync/sync', { jwt });
    expect(res.status).toBe(408);
    expect(res.body).toEqual(TIMEOUT);
    await held.reachedBatch;
    held.release();
    await held.settled();
    await sleep(AFTERWARDS_MS);
    expect(await storedDraws('xx_given_up_sync')).toEqual([]);
    const [state] = await sql(
      app,
      'SELECT last_attempt_at, last_error FROM draw_sources WHERE lottery_tag = $1',
      ['xx_given_up_sync'],
    );
    expect(state).toEqual({ last_attempt_at: null, last_error: null });
  });
});
