import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawSyncService } from '../../src/modules/ingestion/draw-sync.service';
import { sql } from '../support/fixtures';
import { http } from '../support/http';
import { pointSourcesAt, setUp, startPollingInstance } from '../support/ingestion';
import { type SourceServer, startSourceServer } from '../support/source-server';
import type { TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'sources', name), 'utf8');

/** Several instances with SYNC=on on one PostgreSQL server: one polls at a time, under the lease. */
describe('the sync scheduler on several instances', () => {
  let primary: TestApp;
  let pollers: TestApp[] = [];
  let sources: SourceServer;
  let token: string;
  const agent = (instance: TestApp) =>
    `lottery-results-service sync (instance ${instance.running.app.get(DrawSyncService).instanceId})`;
  const pollsBy = (instance: TestApp) => sources.requests.filter((r) => r.userAgent === agent(instance));

  beforeAll(async () => {
    sources = await startSourceServer();
    sources.answer('/pb', { body: fixture('powerball-awaiting.json') });
    ({ app: primary, token } = await setUp());
    await pointSourcesAt(primary, { us_powerball: sources.url('/pb') });
    pollers = await Promise.all([startPollingInstance(primary), startPollingInstance(primary)]);
  });
  afterAll(async () => {
    for (const poller of pollers) await poller.close();
    await primary?.close();
    await sources?.close();
  });

  it('only the lease holder polls; when it stops, another instance takes over', async () => {
    await eventually(async () => expect(sources.requests.length).toBeGreaterThanOrEqual(4), 5_000);
    const [leader, other] = pollsBy(pollers[0]).length > 0 ? pollers : [pollers[1], pollers[0]];
    expect(pollsBy(other)).toHaveLength(0);
    expect(pollsBy(leader).length).toBe(sources.requests.length);
    const [lease] = await sql(primary, 'SELECT holder FROM sync_leases');
    expect(lease.holder).toBe(leader.running.app.get(DrawSyncService).instanceId);

    await leader.close();
    pollers = pollers.filter((p) => p !== leader);
    const handedOver = sources.requests.length;
    await eventually(async () => expect(pollsBy(other).length).toBeGreaterThan(0), 5_000);
    expect(sources.requests.slice(handedOver).every((r) => r.userAgent === agent(other))).toBe(true);
  });

  it("a draw one instance ingests is served by every instance (the catalog's notifications)", async () => {
    sources.answer('/pb', { body: fixture('powerball.json') });
    await eventually(async () => {
      const latest = await http(primary.baseUrl).get('/lottery/us_powerball/draw/latest/numbers', { token });
      expect(latest.body.date).toBe('2026-08-12');
    }, 5_000);
  });
});
