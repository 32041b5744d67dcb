import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { http, Http } from './support/http';
import { sql } from './support/fixtures';
import { pointSourcesAt, setUp, startPollingInstance } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import type { TestApp } from './support/test-app';
import { eventually } from './support/timing';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'sources', name), 'utf8');

/**
 * The scheduler (SYNC=on) on an instance whose clock reads Friday 2026-08-14: Powerball's draws of Saturday, Monday
 * and Wednesday are missing, Mega Millions' of Tuesday too.
 */
describe('the sync scheduler', () => {
  let primary: TestApp;
  let poller: TestApp;
  let sources: SourceServer;
  let api: Http;
  let jwt: string;
  let token: string;
  const polls = (path: string) => sources.requests.filter((r) => r.path === path);
  const state = async (tag: string) => (await api.get(`/admin/sync/${tag}`, { jwt })).body;

  beforeAll(async () => {
    sources = await startSourceServer();
    // Wednesday's Powerball draw is not published yet.
    sources.answer('/pb', { body: fixture('powerball-awaiting.json') });
    let admin: { jwt: string };
    ({ app: primary, admin, token } = await setUp());
    jwt = admin.jwt;
    await pointSourcesAt(primary, {
      us_powerball: sources.url('/pb'),
      us_megamillions: sources.url('/files/megamillions.json'),
    });
    poller = await startPollingInstance(primary);
    api = http(poller.baseUrl);
  });
  afterAll(async () => {
    await poller?.close();
    await primary?.close();
    await sources?.close();
  });

  it('polls a source until the expected draw appears, backing off between attempts', async () => {
    await eventually(async () => expect(polls('/pb').length).toBeGreaterThanOrEqual(4), 5_000);
    const [first, second, third, fourth] = polls('/pb').map((r) => r.at);
    // Delays of 100 ms, 200 ms, then 400 ms (±20% jitter), each counted from the end of the previous sync: a gap
    // can only be longer on a slow machine (the first sync ingests draws), never shorter. A scheduler that did not
    // back off would poll again after about 100 ms each time.
    expect(second - first).toBeGreaterThanOrEqual(80 - 1);
    expect(third - second).toBeGreaterThanOrEqual(160 - 1);
    expect(fourth - third).toBeGreaterThanOrEqual(320 - 1);
    const instance = poller.running.app.get(DrawSyncService).instanceId;
    expect(new Set(polls('/pb').map((r) => r.userAgent))).toEqual(
      new Set([`lottery-results-service sync (instance ${instance})`]),
    );
    const powerball = await state('us_powerball');
    expect(powerball).toMatchObject({
      lastError: null,
      consecutiveFailures: 0,
      freshness: { status: 'stale' },
    });
    // The last poll found nothing new: Saturday's and Monday's draws came with the first one.
    expect(powerball.lastResult).toMatchObject({ inserted: 0, unchanged: 5, error: null });
    expect(powerball.nextAttemptAt).toEqual(expect.any(String)); // a retry is planned

    // Mega Millions came current at the first poll: it waits for its next draw (this Friday, 23:00 in New York).
    expect(polls('/files/megamillions.json')).toHaveLength(1);
    expect(await state('us_megamillions')).toMatchObject({
      freshness: { status: 'current', lastDraw: '2026-08-11' },
      nextAttemptAt: '2026-08-15T03:00:00.100Z',
    });
  });

  it('stops once the draw is stored, and serves it', async () => {
    sources.answer('/pb', { body: fixture('powerball.json') });
    await eventually(async () => {
      const latest = await api.get('/lottery/us_powerball/draw/latest/numbers', { token });
      expect(latest.body.date).toBe('2026-08-12');
    }, 5_000);
    const count = polls('/pb').length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(polls('/pb')).toHaveLength(count);
    // Next: Saturday 22:59 in New York, plus the first retry delay.
    expect(await state('us_powerball')).toMatchObject({
      freshness: { status: 'current', lastDraw: '2026-08-12' },
      nextAttemptAt: '2026-08-16T02:59:00.100Z',
    });
  });

  it('never polls the source of a game that has ended, however far behind it is', async () => {
    // Written through the polling instance: its catalog, which the scheduler reads, has it at once.
    const admin = api;
    // Lotto 6/49's bundled history ends in 2024: played, it would be polled at once.
    expect(
      (await admin.patch('/admin/lotteries/ca_lotto649', { jwt, body: { retiredOn: '2024-05-25' } })).status,
    ).toBe(200);
    await sql(
      primary,
      `UPDATE draw_sources SET url = $1, fallbacks = '[]', enabled = true WHERE lottery_tag = 'ca_lotto649'`,
      [sources.url('/ended')],
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(polls('/ended')).toHaveLength(0);

    expect(
      (await admin.patch('/admin/lotteries/ca_lotto649', { jwt, body: { retiredOn: null } })).status,
    ).toBe(200);
    await eventually(async () => expect(polls('/ended').length).toBeGreaterThan(0), 5_000);
  });
});
