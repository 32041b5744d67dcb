import { decodeCursor, encodeCursor } from '../src/modules/changes/change-cursor';
import { ChangesRetention } from '../src/modules/changes/changes-retention';
import { LOTTERIES_MESSAGE, SINCE_MESSAGE } from '../src/modules/changes/dto/changes-query.dto';
import { errorBody, Messages } from './support/contract-errors';
import { newLicensedHolder, sql } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withTokenHolder } from './support/test-set-ups';
import { eventually } from './support/timing';
import { startReceiver } from './support/webhook-receiver';

interface Change {
  id: string;
  type: string;
  createdAt: string;
  data: { lottery: string; draw: { date: string; round?: number }; prizes?: unknown };
}
interface ChangesPage {
  changes: Change[];
  next: string;
  more: boolean;
}

const TAG = 'xx_feed';
const OTHER = 'xx_feed_other';
const lottery = (tag: string) => ({
  tag,
  name: `Feed ${tag}`,
  country: 'XX',
  timezone: 'Europe/Paris',
  rules: [
    {
      from: '2020-01-01',
      main: { count: 3, min: 1, max: 20 },
      special: { count: 1, min: 1, max: 5 },
      prizes: [
        { from: '2020-01-01', source: 'test', divisions: [{ rank: 1, main: 3, prize: { type: 'jackpot' } }] },
      ],
    },
  ],
});

describe('GET /changes (contract section 12)', () => {
  let app: TestApp;
  let api: Http;
  let token: string;
  let adminJwt: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    let admin: { jwt: string };
    ({ app, api, token, admin } = await withTokenHolder({
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_INTERVAL_MS: '50',
    }));
    adminJwt = admin.jwt;
    for (const tag of [TAG, OTHER])
      expect((await api.post('/admin/lotteries', { jwt: adminJwt, body: lottery(tag) })).status).toBe(201);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const changes = (query = '') => api.get<ChangesPage>(`/changes${query}`, { token });
  const now = async () => (await changes()).body.next;
  const putDraw = (tag: string, date: string, main: number[], special: number[], round = '') =>
    api.put(`/admin/lotteries/${tag}/draws/${date}${round}`, { jwt: adminJwt, body: { main, special } });

  /** Follows the feed from `since` with `limit` until `more` is false; every page's figures checked. */
  async function follow(since: string, query = '', limit = 1): Promise<{ seen: Change[]; next: string }> {
    const seen: Change[] = [];
    let next = since;
    for (let pages = 0; pages < 500; pages++) {
      const page = await changes(`?since=${next}&limit=${limit}${query}`);
      expect(page.status).toBe(200);
      expect(page.body.changes.length).toBeLessThanOrEqual(limit);
      seen.push(...page.body.changes);
      next = page.body.next;
      if (!page.body.more) return { seen, next };
    }
    throw new Error('the feed never ended');
  }

  it('without since: no changes and the current cursor, metered like every lottery route', async () => {
    const holder = await newLicensedHolder(api, adminJwt, 'test_feed_quota', { monthlyQuota: 100 });
    const res = await api.get('/changes', { token: holder.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ changes: [], next: expect.any(String), more: false });
    expect(res.headers.get('x-quota-remaining')).toBe('99');
    // Nothing happened since: the same position (a cursor is opaque; the position is what stays the same).
    const again = await changes(`?since=${res.body.next}`);
    expect(again.body).toEqual({ changes: [], next: expect.any(String), more: false });
    const [a, b] = [decodeCursor(res.body.next)!, decodeCursor(again.body.next)!];
    expect([a.seq, a.id]).toEqual([b.seq, b.id]);
  });

  it('every draw event (published, corrected, prizes, deleted), once, oldest first, with the webhook bodies', async () => {
    const subscribed = await api.post('/profile/webhooks', {
      jwt: adminJwt,
      body: {
        url: receiver.url,
        events: ['draw.published', 'draw.corrected', 'draw.deleted', 'draw.prizes'],
      },
    });
    expect(subscribed.status).toBe(201);
    const start = await now();

    expect((await putDraw(TAG, '2026-01-01', [1, 2, 3], [4])).status).toBe(201);
    expect((await putDraw(TAG, '2026-01-02', [5, 6, 7], [1])).status).toBe(201);
    expect((await putDraw(TAG, '2026-01-01', [1, 2, 9], [4])).status).toBe(200);
    expect((await putDraw(TAG, '2026-01-01', [1, 2, 9], [4])).status).toBe(200); // unchanged: no event
    const prizes = await api.put(`/admin/lotteries/${TAG}/draws/2026-01-02/prizes`, {
      jwt: adminJwt,
      body: {
        currency: 'EUR',
        jackpot: null,
        divisions: [{ rank: 1, winners: 0, amount: null }],
        next: null,
        source: 'test',
      },
    });
    expect(prizes.status).toBe(201);
    expect((await api.delete(`/admin/lotteries/${TAG}/draws/2026-01-02`, { jwt: adminJwt })).status).toBe(
      204,
    );

    const { seen, next } = await follow(start);
    expect(seen.map((c) => [c.type, c.data.lottery, c.data.draw.date])).toEqual([
      ['draw.published', TAG, '2026-01-01'],
      ['draw.published', TAG, '2026-01-02'],
      ['draw.corrected', TAG, '2026-01-01'],
      ['draw.prizes', TAG, '2026-01-02'],
      ['draw.deleted', TAG, '2026-01-02'],
    ]);
    expect(seen[2].data.draw).toEqual(
      (await api.get(`/lottery/${TAG}/draw/2026-01-01/numbers`, { token })).body,
    );
    expect(new Set(seen.map((c) => c.id)).size).toBe(5);
    // The same bytes a webhook delivery POSTs.
    await eventually(async () => expect(receiver.received).toHaveLength(5));
    const delivered = new Map(receiver.received.map((r) => [r.body.id, r.raw]));
    const page = await changes(`?since=${start}&limit=5`);
    expect(page.text).toBe(
      `{"changes":[${seen.map((c) => delivered.get(c.id)).join(',')}],"next":${JSON.stringify(page.body.next)},"more":false}`,
    );
    // Caught up: polling with `next` gives nothing new.
    expect((await changes(`?since=${next}`)).body).toEqual({ changes: [], next, more: false });
  });

  it('a page of many, a page of one, and the events of one transaction (an import) in their order', async () => {
    const start = await now();
    const csv = ['date,main,special', '2026-02-01,1 2 3,1', '2026-02-02,4 5 6,2', '2026-02-03,7 8 9,3'].join(
      '\n',
    );
    const imported = await api.post(`/admin/lotteries/${TAG}/draws/import`, {
      jwt: adminJwt,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.body).toMatchObject({ inserted: 3 });
    expect((await putDraw(OTHER, '2026-02-04', [1, 2, 3], [1])).status).toBe(201);

    const byOne = await follow(start);
    const all = await changes(`?since=${start}`);
    expect(all.body.more).toBe(false);
    expect(all.body.changes).toEqual(byOne.seen);
    expect(byOne.seen.map((c) => `${c.data.lottery} ${c.data.draw.date}`)).toEqual([
      `${TAG} 2026-02-01`,
      `${TAG} 2026-02-02`,
      `${TAG} 2026-02-03`,
      `${OTHER} 2026-02-04`,
    ]);
    const [a, b] = [decodeCursor(all.body.next)!, decodeCursor(byOne.next)!];
    expect([a.seq, a.id]).toEqual([b.seq, b.id]);

    // Two at a time: more, then the rest.
    const first = await changes(`?since=${start}&limit=2`);
    expect(first.body).toMatchObject({ changes: byOne.seen.slice(0, 2), more: true });
    expect((await changes(`?since=${first.body.next}&limit=2`)).body).toMatchObject({
      changes: byOne.seen.slice(2),
      more: false,
    });
    // limit=0: nothing, and whether there is more; above 1000: capped.
    expect((await changes(`?since=${start}&limit=0`)).body).toMatchObject({ changes: [], more: true });
    expect((await changes(`?since=${start}&limit=5000`)).body.changes).toEqual(byOne.seen);
  });

  it('lotteries= keeps the events of those lotteries; next moves past the others', async () => {
    const start = await now();
    expect((await putDraw(OTHER, '2026-03-01', [1, 2, 3], [1])).status).toBe(201);
    expect((await putDraw(TAG, '2026-03-02', [1, 2, 3], [1])).status).toBe(201);
    expect((await putDraw(OTHER, '2026-03-03', [1, 2, 3], [1])).status).toBe(201);

    const mine = await follow(start, `&lotteries=${TAG}`);
    expect(mine.seen.map((c) => c.data.draw.date)).toEqual(['2026-03-02']);
    const both = await follow(start, `&lotteries=${OTHER},${TAG}`, 100);
    expect(both.seen.map((c) => c.data.draw.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    // Past the last event looked at, matching or not.
    expect((await changes(`?since=${mine.next}`)).body.changes).toEqual([]);
  });

  it('410 with the contract message for a cursor older than the retention or than what retention deleted', async () => {
    const expected = errorBody.gone(Messages.changesCursorGone);
    const current = decodeCursor(await now())!;
    const days = 86_400;
    const old = encodeCursor({ ...current, issuedAt: current.issuedAt - 91 * days });
    expect(await changes(`?since=${old}`)).toMatchObject({ status: 410, body: expected });
    const recent = encodeCursor({ ...current, issuedAt: current.issuedAt - 89 * days });
    expect((await changes(`?since=${recent}`)).status).toBe(200);

    // Retention deletes what was committed more than CHANGES_RETENTION_DAYS ago: a cursor before it has missed
    // events (410); a cursor at or after the horizon goes on.
    const before = await now();
    expect((await putDraw(TAG, '2026-04-01', [1, 2, 3], [1])).status).toBe(201);
    expect((await putDraw(TAG, '2026-04-02', [1, 2, 3], [1])).status).toBe(201);
    const between = (await follow(before)).seen;
    expect(between).toHaveLength(2);
    const afterFirst = (await changes(`?since=${before}&limit=1`)).body.next;
    await sql(app, `UPDATE draw_changes SET committed_at = now() - interval '100 days'`);
    await sql(app, `UPDATE draw_changes SET committed_at = now() WHERE event_id = $1`, [between[1].id]);
    expect(await app.running.app.get(ChangesRetention).prune()).toBeGreaterThan(0);
    expect(await changes(`?since=${before}`)).toMatchObject({ status: 410, body: expected });
    const rest = await changes(`?since=${afterFirst}`);
    expect(rest.body.changes.map((c: Change) => c.id)).toEqual([between[1].id]);
    // "From now" after everything was deleted still gives a cursor that goes on.
    await sql(app, `UPDATE draw_changes SET committed_at = now() - interval '100 days'`);
    await app.running.app.get(ChangesRetention).prune();
    expect((await sql(app, 'SELECT count(*)::int AS n FROM draw_changes'))[0].n).toBe(0);
    const fresh = await now();
    expect((await putDraw(TAG, '2026-04-03', [1, 2, 3], [1])).status).toBe(201);
    expect((await follow(fresh)).seen.map((c) => c.data.draw.date)).toEqual(['2026-04-03']);
  });

  it('400 naming since, lotteries or limit; 404 for an unknown lottery; 401 without a token', async () => {
    expect((await api.get('/changes')).body).toEqual(errorBody.unauthorized(Messages.tokenHeaderMissing));
    const forged = Buffer.from('v2.1.2.3').toString('base64url');
    for (const [query, message] of [
      ['?since=', SINCE_MESSAGE],
      ['?since=not-a-cursor', SINCE_MESSAGE],
      [`?since=${forged}`, SINCE_MESSAGE],
      ['?since=a&since=b', SINCE_MESSAGE],
      ['?lotteries=Not%20A%20Tag', LOTTERIES_MESSAGE],
      ['?lotteries=fr_lotto,', LOTTERIES_MESSAGE],
      ['?limit=-1', "Invalid 'limit' value. Expected a non-negative integer."],
      ['?limit=abc', "Invalid 'limit' value. Expected a non-negative integer."],
    ]) {
      const res = await changes(query);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: errorBody.badRequest(message),
      });
    }
    const unknown = await changes('?lotteries=fr_lotto,xx_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody.notFound(Messages.lotteryNotFound));
  });
});
