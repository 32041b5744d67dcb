import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { sql } from './support/fixtures';
import type { Http } from './support/http';
import { NOW, POWERBALL_SOURCE, setUp } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import type { TestApp } from './support/test-app';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'sources', name), 'utf8');
const ETAG = '"pb-2026-08-12"';
const LAST_MODIFIED = 'Thu, 13 Aug 2026 06:00:00 GMT';

/**
 * Conditional requests (issue 31): the scheduler sends each endpoint's ETag and Last-Modified back, and a 304 is a
 * success that fetched nothing. Against the local source server, which honours If-None-Match.
 */
describe('conditional requests to sources', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let sources: SourceServer;
  /** A sync as the scheduler runs it (conditional), or as sync now and the CLI do (whole). */
  const poll = () => app.running.app.get(DrawSyncService).syncLottery('us_powerball', { conditional: true });
  const syncNow = () => app.running.app.get(DrawSyncService).syncLottery('us_powerball');
  const asked = () => sources.requests.filter((r) => r.path === '/pb').at(-1)!;
  const row = async () =>
    (
      await sql(
        app,
        `SELECT validators, consecutive_failures, last_error, last_success_at
           FROM draw_sources WHERE lottery_tag = 'us_powerball'`,
      )
    )[0];

  beforeAll(async () => {
    sources = await startSourceServer();
    sources.answer('/pb', {
      body: fixture('powerball.json'),
      headers: { ETag: ETAG, 'Last-Modified': LAST_MODIFIED },
    });
    let admin: { jwt: string };
    ({ app, api, admin } = await setUp());
    jwt = admin.jwt;
    const put = await api.put('/admin/sources/us_powerball', {
      jwt,
      body: { adapter: POWERBALL_SOURCE, url: sources.url('/pb'), fallbacks: [] },
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  it("remembers an answer's validators and sends them with the next poll of the same request: 304, nothing fetched", async () => {
    expect((await poll()).inserted).toBe(3);
    expect(asked().ifNoneMatch).toBeUndefined(); // nothing known yet
    expect((await row()).validators).toEqual({
      [sources.url('/pb')]: { etag: ETAG, lastModified: LAST_MODIFIED, request: expect.any(String) },
    });
    // The draws just stored move `since` (the request asks from five weeks before the latest): another question,
    // asked in full.
    expect((await poll()).unchanged).toBe(6);
    expect(asked().ifNoneMatch).toBeUndefined();

    const result = await poll();
    expect(asked()).toMatchObject({ ifNoneMatch: ETAG, ifModifiedSince: LAST_MODIFIED, status: 304 });
    expect(result).toEqual({
      lottery: 'us_powerball',
      source: `${POWERBALL_SOURCE} ${sources.url('/pb')}`,
      fetched: 0,
      inserted: 0,
      unchanged: 0,
      conflicts: 0,
      corrected: 0,
      rejected: [],
      error: null,
      notModified: true,
    });
    const state = (await api.get('/admin/sync/us_powerball', { jwt })).body;
    expect(state.lastResult).toEqual(result);
  });

  it('a 304 is a success: it ends a run of failures', async () => {
    sources.answer('/pb', { status: 503, type: 'text/plain', body: 'later' });
    expect((await poll()).error).toBe('HTTP 503 Service Unavailable');
    expect(await row()).toMatchObject({
      consecutive_failures: 1,
      last_error: 'HTTP 503 Service Unavailable',
    });
    sources.answer('/pb', {
      body: fixture('powerball.json'),
      headers: { ETag: ETAG, 'Last-Modified': LAST_MODIFIED },
    });
    expect((await poll()).notModified).toBe(true);
    expect(await row()).toMatchObject({ consecutive_failures: 0, last_error: null, last_success_at: NOW });
  });

  it('sync now (and the command-line tool) reads the whole answer; a new version is read in full', async () => {
    expect((await syncNow()).notModified).toBeUndefined();
    expect(asked()).toMatchObject({ status: 200 });
    expect(asked().ifNoneMatch).toBeUndefined();

    sources.answer('/pb', { body: fixture('powerball.json'), headers: { ETag: '"pb-next"' } });
    const changed = await poll();
    expect(asked()).toMatchObject({ ifNoneMatch: ETAG, status: 200 });
    expect(changed).toMatchObject({ fetched: 6, unchanged: 6, error: null });
    expect(changed.notModified).toBeUndefined();
    expect(Object.values((await row()).validators)).toEqual([
      { etag: '"pb-next"', lastModified: null, request: expect.any(String) },
    ]);
  });

  it('an answer that could not be read is asked for in full next time, never answered "not modified"', async () => {
    sources.answer('/pb', { body: '{"moved": true}', headers: { ETag: '"broken"' } });
    expect((await poll()).error).toBe('expected a JSON array of rows');
    // The validators of the last answer read are kept; the unreadable one's are not.
    expect(Object.values((await row()).validators)).toEqual([
      { etag: '"pb-next"', lastModified: null, request: expect.any(String) },
    ]);
    expect((await poll()).error).toBe('expected a JSON array of rows');
    expect(asked().ifNoneMatch).toBe('"pb-next"'); // not '"broken"': that one would be answered 304
  });
});
