import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawSyncService } from '../../src/modules/ingestion/draw-sync.service';
import { http, type Http } from '../support/http';
import { LOCAL_SOURCES, POWERBALL_SOURCE, setUp } from '../support/ingestion';
import { type SourceServer, startSourceServer } from '../support/source-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'sources', name), 'utf8');

/**
 * X-Lottery-Freshness' `source` on every instance: the one that syncs writes the source's state, the draw_sources
 * trigger announces a change of it on the change feed, and each instance's catalog reads it again.
 */
describe("a source's state on several instances", () => {
  let syncing: TestApp;
  let other: TestApp;
  let otherApi: Http;
  let api: Http;
  let jwt: string;
  let token: string;
  let sources: SourceServer;
  const sync = () => syncing.running.app.get(DrawSyncService).syncLottery('us_powerball');
  const source = async (client: Http) =>
    /source=(\w+)$/.exec(
      (await client.get('/lottery/us_powerball/draw/latest/numbers', { token })).headers.get(
        'x-lottery-freshness',
      ) ?? '',
    )?.[1];

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app: syncing, api, admin, token } = await setUp());
    jwt = admin.jwt;
    await api.put('/admin/sources/us_powerball', {
      jwt,
      body: { adapter: POWERBALL_SOURCE, url: sources.url('/pb'), fallbacks: [] },
    });
    other = await createTestApp(LOCAL_SOURCES, { shareDatabaseWith: syncing });
    otherApi = http(other.baseUrl);
  });
  afterAll(async () => {
    await other?.close();
    await syncing?.close();
    await sources?.close();
  });

  it('failing on every instance once the last attempt failed, ok again once it answers, none once disabled', async () => {
    expect(await source(otherApi)).toBe('ok');
    sources.answer('/pb', { status: 500, type: 'text/plain', body: 'boom' });
    await sync();
    await eventually(async () => expect(await source(otherApi)).toBe('failing'));
    expect(await source(api)).toBe('failing');

    sources.answer('/pb', { body: fixture('powerball.json') });
    await sync();
    await eventually(async () => expect(await source(otherApi)).toBe('ok'));

    const put = await api.put('/admin/sources/us_powerball', {
      jwt,
      body: { adapter: POWERBALL_SOURCE, url: sources.url('/pb'), enabled: false },
    });
    expect(put.status).toBe(200);
    await eventually(async () => expect(await source(otherApi)).toBe('none'));
  });
});
