import { DataSource } from 'typeorm';
import { upsertDrawBatch } from '../../src/modules/draws/draw-batch-writer';
import { sql } from '../support/fixtures';
import { http, type Http } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';
import { withTokenHolder } from '../support/test-set-ups';

interface Change {
  id: string;
  type: string;
  data: { lottery: string; draw: { date: string } };
}

const TAG = 'xx_commits';
const LOTTERY = {
  tag: TAG,
  name: 'Commit order',
  country: 'XX',
  timezone: 'Europe/Paris',
  main: { count: 3, min: 1, max: 30 },
  special: null,
};

/**
 * Contract section 12 on a PostgreSQL server, where transactions really run side by side: the feed hands events
 * out in commit order, so a transaction that started first and commits last is neither skipped by a client that
 * already went past the later one's events, nor seen twice; and two instances serve one feed.
 */
describe('the change feed in commit order, across transactions and instances (PostgreSQL server)', () => {
  let first: TestApp;
  let second: TestApp;
  let apis: Http[];
  let token: string;
  let adminJwt: string;

  beforeAll(async () => {
    let api: Http;
    let admin: { jwt: string };
    ({ app: first, api, token, admin } = await withTokenHolder({ REDIS_URL: '' }));
    adminJwt = admin.jwt;
    second = await createTestApp({ REDIS_URL: '' }, { shareDatabaseWith: first });
    apis = [api, http(second.baseUrl)];
    expect((await api.post('/admin/lotteries', { jwt: adminJwt, body: LOTTERY })).status).toBe(201);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A client following the feed with limit=1, asking each instance in turn. */
  function follower(since: string) {
    let next = since;
    let turn = 0;
    const seen: Change[] = [];
    return {
      seen,
      /** Pages until `more` is false. */
      async catchUp(): Promise<void> {
        for (;;) {
          const api = apis[turn++ % apis.length];
          const page = await api.get(`/changes?since=${next}&limit=1`, { token });
          expect(page.status).toBe(200);
          seen.push(...page.body.changes);
          next = page.body.next;
          if (!page.body.more) return;
        }
      },
    };
  }

  const dates = (changes: Change[]) => changes.map((c) => c.data.draw.date);

  it('a transaction that started first and commits last is seen after the one that committed first, each event once', async () => {
    const dataSource = first.running.app.get(DataSource);
    const start = (await apis[1].get('/changes', { token })).body.next;
    const client = follower(start);

    const early = dataSource.createQueryRunner();
    const late = dataSource.createQueryRunner();
    try {
      await early.connect();
      await late.connect();
      await early.startTransaction();
      // The early transaction writes first: its event gets the lower id.
      await upsertDrawBatch(
        early.manager,
        TAG,
        [{ date: '2026-05-01', main: [1, 2, 3], special: [] }],
        null,
        [],
      );

      await late.startTransaction();
      await upsertDrawBatch(
        late.manager,
        TAG,
        [
          { date: '2026-05-02', main: [4, 5, 6], special: [] },
          { date: '2026-05-03', main: [7, 8, 9], special: [] },
        ],
        null,
        [],
      );
      await late.commitTransaction();

      // The later transaction's events are handed out at once, while the early one is still open.
      await client.catchUp();
      expect(dates(client.seen)).toEqual(['2026-05-02', '2026-05-03']);

      // The early one writes again after the late one committed, then commits.
      await upsertDrawBatch(
        early.manager,
        TAG,
        [{ date: '2026-05-04', main: [1, 2, 4], special: [] }],
        null,
        [],
      );
      await client.catchUp();
      expect(dates(client.seen)).toEqual(['2026-05-02', '2026-05-03']);
      await early.commitTransaction();
    } finally {
      await early.release();
      await late.release();
    }

    await client.catchUp();
    // Commit order, not id order: the early transaction's first event has the lowest id of the four.
    expect(dates(client.seen)).toEqual(['2026-05-02', '2026-05-03', '2026-05-01', '2026-05-04']);
    const byId = await sql(
      first,
      `SELECT body::jsonb -> 'data' -> 'draw' ->> 'date' AS date FROM draw_changes
        WHERE lottery_tag = $1 ORDER BY id`,
      [TAG],
    );
    expect(byId.map((row: { date: string }) => row.date)).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
      '2026-05-04',
    ]);
    expect(new Set(client.seen.map((c) => c.id)).size).toBe(4);
  });

  it('many writers on both instances while a client follows with limit=1 on both: every event once, in commit order', async () => {
    const start = (await apis[0].get('/changes', { token })).body.next;
    const client = follower(start);
    const writes = Array.from({ length: 40 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 6, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return { day, main: [1 + (i % 10), 11 + (i % 10), 21 + (i % 10)] };
    });
    let writing = true;
    const following = (async () => {
      while (writing) await client.catchUp();
      await client.catchUp();
    })();
    try {
      // Eight at a time, half through each instance.
      for (let at = 0; at < writes.length; at += 8) {
        const statuses = await Promise.all(
          writes.slice(at, at + 8).map(({ day, main }, i) =>
            apis[i % 2].put(`/admin/lotteries/${TAG}/draws/${day}`, {
              jwt: adminJwt,
              body: { main, special: [] },
            }),
          ),
        );
        expect(statuses.map((s) => s.status)).toEqual(statuses.map(() => 201));
      }
    } finally {
      writing = false;
      await following;
    }

    expect(client.seen).toHaveLength(writes.length);
    expect(new Set(client.seen.map((c) => c.id)).size).toBe(writes.length);
    expect(new Set(dates(client.seen))).toEqual(new Set(writes.map((w) => w.day)));
    // The order seen is the order of the commits.
    const committed = await sql(
      first,
      `SELECT event_id AS id FROM draw_changes WHERE event_id = ANY($1::uuid[]) ORDER BY commit_seq, id`,
      [client.seen.map((c) => c.id)],
    );
    expect(client.seen.map((c) => c.id)).toEqual(committed.map((row: { id: string }) => row.id));
  });
});
