import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Clock } from '../src/common/clock';
import { bundledDataDir, loadBundledLotteries } from '../src/modules/draws/domain/bundled-lotteries';
import { parseDrawCsv } from '../src/modules/draws/domain/draw-csv';
import { sql } from './support/fixtures';
import { logMessages, setUp } from './support/ingestion';
import type { Http } from './support/http';
import { type SourceServer, startSourceServer } from './support/source-server';
import type { TestApp } from './support/test-app';

const TAG = 'eu_eurojackpot';
/** Veikkaus's real answers for 2024-W22..W27 (test/fixtures/sources/byako, provenance in its README). */
const WEEKS = ['22', '23', '24', '25', '26', '27'];
/** The last draw kept: Tuesday 2024-05-28, in W22. Every later one is deleted. */
const KEPT = '2024-05-28';
/** Wednesday 2024-07-03, noon UTC: in W27, after its Tuesday draw (the last one the W27 answer holds). */
const IN_W27 = new Date('2024-07-03T12:00:00Z');
/** The draws the six answers hold: 2024-05-28 (kept) .. 2024-07-02. */
const ANSWERED_UNTIL = '2024-07-02';

/**
 * Sources that catch up (issue 45): Eurojackpot's shipped Veikkaus source asks `…/draws/by-week/{isoWeek}`, one
 * week an answer. After weeks without a sync, it asks every week from the last stored draw's to the current one,
 * oldest first, at most SYNC_CATCH_UP_PERIODS a sync, and the draws of all of them come back. Served by a local
 * server from real Veikkaus answers; the clock is frozen in the last of their weeks.
 */
describe('a source whose URL names a period catches up', () => {
  const shipped = loadBundledLotteries(bundledDataDir()).find((lottery) => lottery.tag === TAG)!.sync!;
  const bundledDates = parseDrawCsv(readFileSync(join(bundledDataDir(), `${TAG}.csv`), 'utf8')).rows.map(
    (row) => row.date,
  );
  let sources: SourceServer;
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let token: string;
  let logs: string[];

  beforeAll(async () => {
    sources = await startSourceServer();
    for (const week of WEEKS)
      sources.answer(`/EJACKPOT/draws/by-week/2024-W${week}`, {
        type: 'application/json;charset=utf-8',
        body: readFileSync(join(__dirname, 'fixtures', 'sources', 'byako', `ejackpot_2024_${week}.json`)),
      });
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  /** An app whose Eurojackpot source is the shipped Veikkaus one, on the local server, its draws after KEPT gone. */
  const start = async (env: Record<string, string> = {}) => {
    await app?.close();
    let admin: { jwt: string };
    ({ app, api, token, admin, logs } = await setUp({ LOG_LEVEL: 'log', ...env }));
    jwt = admin.jwt;
    const put = await api.put(`/admin/sources/${TAG}`, {
      jwt,
      body: {
        adapter: shipped.adapter,
        url: sources.url('/EJACKPOT/draws/by-week/{isoWeek}'),
        mapping: shipped.mapping,
        fallbacks: [],
      },
    });
    expect(put.status).toBe(200);
    const before = await answered();
    expect(before.map((draw) => draw.date)).toEqual(
      bundledDates.filter((date) => date >= KEPT && date <= ANSWERED_UNTIL),
    );
    // The two years of draws after the answered ones only have to be gone (the last stored draw must be KEPT's):
    // one statement, not 221 deletes of the API. The answered ones go through the API, whose deletes announce the
    // change: the catalog reads the lottery again after the last of them (what the next line checks).
    await sql(app, 'DELETE FROM draws WHERE lottery_tag = $1 AND draw_date > $2', [TAG, ANSWERED_UNTIL]);
    for (const date of bundledDates.filter((d) => d > KEPT && d <= ANSWERED_UNTIL))
      expect((await api.delete(`/admin/lotteries/${TAG}/draws/${date}`, { jwt })).status).toBe(204);
    expect((await api.get(`/lottery/${TAG}`, { token })).body.draws.last).toBe(KEPT);
    return before;
  };
  /** The draws the six answers hold, oldest first, as the API serves them. */
  const answered = async () => {
    const page = await api.get(`/lottery/${TAG}/draws?from=${KEPT}&to=${ANSWERED_UNTIL}&limit=50`, { token });
    expect(page.status).toBe(200);
    return (page.body.draws as { date: string }[]).slice().reverse();
  };
  /** A sync now with the clock in W27 (only then: a token's metered reads count by the clock's day). */
  const syncNow = async () => {
    const clock = jest.spyOn(app.running.app.get(Clock), 'now');
    const frozen = clock.getMockImplementation();
    clock.mockImplementation(() => new Date(IN_W27));
    try {
      const res = await api.post(`/admin/sources/${TAG}/sync`, { jwt });
      expect(res.status).toBe(200);
      return res.body;
    } finally {
      clock.mockImplementation(frozen);
    }
  };
  const weeksAsked = (from: number) =>
    sources.requests.slice(from).map((request) => request.path.replace('/EJACKPOT/draws/by-week/', ''));

  it('asks every week from the last stored draw’s, oldest first, in one sync: all the draws come back', async () => {
    const before = await start();
    const asked = sources.requests.length;

    const result = await syncNow();
    expect(weeksAsked(asked)).toEqual(WEEKS.map((week) => `2024-W${week}`));
    expect(result).toMatchObject({
      error: null,
      periods: 6,
      fetched: 11,
      inserted: 10,
      unchanged: 1,
      prizes: 11,
    });
    expect(result.periodsLeft).toBeUndefined();
    expect(result.rejected).toEqual([]);
    // The same draws, in draw order, with the numbers the bundle held.
    expect(await answered()).toEqual(before);
    expect((await api.get(`/lottery/${TAG}`, { token })).body.draws.last).toBe(ANSWERED_UNTIL);
    expect(logMessages(logs)).toContain(
      'Sync of eu_eurojackpot: 11 fetched, 10 new, 1 unchanged, 0 conflicts, 0 corrected, 0 rejected, prizes of 11 draws stored; 6 periods asked',
    );
    // What each draw paid comes with it (Veikkaus' prize tiers, in cents): on 2024-05-28 nobody won 5+2, five lines
    // won 5+1 (EUR 452,799.80 each).
    const paid = await api.get(`/lottery/${TAG}/draw/2024-05-28/prizes`, { token });
    expect(paid.status).toBe(200);
    expect(paid.body.divisions.slice(0, 2)).toEqual([
      expect.objectContaining({ rank: 1, winners: 0 }),
      expect.objectContaining({ rank: 2, winners: 5, amount: 452_799.8 }),
    ]);

    // Caught up: the current week alone is asked again.
    const again = sources.requests.length;
    const next = await syncNow();
    expect(weeksAsked(again)).toEqual(['2024-W27']);
    expect(next).toMatchObject({ error: null, fetched: 1, inserted: 0, unchanged: 1 });
    expect(next.periods).toBeUndefined();
  }, 120_000);

  it('asks at most SYNC_CATCH_UP_PERIODS weeks a sync; the next sync goes on from the new last draw', async () => {
    const before = await start({ SYNC_CATCH_UP_PERIODS: '4' });
    const asked = sources.requests.length;

    const first = await syncNow();
    expect(weeksAsked(asked)).toEqual(['2024-W22', '2024-W23', '2024-W24', '2024-W25']);
    expect(first).toMatchObject({ error: null, periods: 4, periodsLeft: 2, fetched: 8, inserted: 7 });
    expect((await api.get(`/lottery/${TAG}`, { token })).body.draws.last).toBe('2024-06-21');
    // (Its log line is sync-log.spec.ts's: Nest's logger stays with the first app of a test file.)

    const resumed = sources.requests.length;
    const second = await syncNow();
    // From the week of 2024-06-21 (W25) to the current one.
    expect(weeksAsked(resumed)).toEqual(['2024-W25', '2024-W26', '2024-W27']);
    expect(second).toMatchObject({ error: null, periods: 3, fetched: 5, inserted: 3, unchanged: 2 });
    expect(second.periodsLeft).toBeUndefined();
    expect(await answered()).toEqual(before);
  }, 120_000);

  it('numbers the rows across the answers, oldest period first (what the rejected rows name)', async () => {
    await start({ SYNC_CATCH_UP_PERIODS: '2' });
    // The same answers read without their Euro numbers: every draw is refused by the rules of its era.
    const { special: _special, ...withoutSpecial } = shipped.mapping!;
    const put = await api.put(`/admin/sources/${TAG}`, {
      jwt,
      body: {
        adapter: 'generic',
        url: sources.url('/EJACKPOT/draws/by-week/{isoWeek}'),
        mapping: withoutSpecial,
        fallbacks: [],
      },
    });
    expect(put.status).toBe(200);
    const result = await syncNow();
    expect(result).toMatchObject({ error: null, periods: 2, periodsLeft: 4, fetched: 4, inserted: 0 });
    // W22's two draws are rows 1 and 2, W23's rows 3 and 4.
    expect(result.rejected.map((row: { row: number; date: string }) => [row.row, row.date])).toEqual([
      [1, '2024-05-28'],
      [2, '2024-05-31'],
      [3, '2024-06-04'],
      [4, '2024-06-07'],
    ]);
  }, 120_000);
});

/**
 * A per-draw API (issue 45): CAIXA answers one contest a request (`…/api/megasena/{contest}`; without the number,
 * the latest). The source keeps the highest contest number read (`last_contest`, from the mapping's `contest`
 * field); a sync asks for each number after it until one is not published yet (404). CAIXA's real answer of
 * Mega-Sena contest 2925 (test/fixtures/sources/caixa/megasena-2925.json) served locally.
 */
describe('a source whose URL names a draw number catches up', () => {
  const MEGASENA = 'br_megasena';
  const DATE = '2025-10-09';
  const shipped = loadBundledLotteries(bundledDataDir()).find((lottery) => lottery.tag === MEGASENA)!.sync!;
  let sources: SourceServer;
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let token: string;

  beforeAll(async () => {
    sources = await startSourceServer();
    const answer = {
      type: 'application/json',
      body: readFileSync(join(__dirname, 'fixtures', 'sources', 'caixa', 'megasena-2925.json')),
    };
    sources.answer('/api/megasena', answer);
    sources.answer('/api/megasena/2925', answer);
    let admin: { jwt: string };
    ({ app, api, token, admin } = await setUp());
    jwt = admin.jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  const syncNow = async () => {
    const res = await api.post(`/admin/sources/${MEGASENA}/sync`, { jwt });
    expect(res.status).toBe(200);
    return res.body;
  };
  const lastContest = async () => {
    const stored = (
      await sql(app, 'SELECT last_contest FROM draw_sources WHERE lottery_tag = $1', [MEGASENA])
    )[0].last_contest as number | null;
    // Administrators see it in the source's sync state (the Sync page), in the list as in the lottery's own.
    const state = await api.get(`/admin/sync/${MEGASENA}`, { jwt });
    expect(state.body.lastContest).toBe(stored);
    // The list is in tag order: br_megasena is on its first page.
    const listed = (await api.get('/admin/sync', { jwt })).body.sources as {
      lottery: string;
      lastContest: number | null;
    }[];
    expect(listed.find((s) => s.lottery === MEGASENA)?.lastContest).toBe(stored);
    return stored;
  };
  const asked = (from: number) => sources.requests.slice(from).map((request) => request.path);
  /** The draws of a date and what the date's draw paid, as the API serves them. */
  const drawOn = async (date: string) => {
    const [draws, prizes] = await Promise.all([
      api.get(`/lottery/${MEGASENA}/draws?from=${date}&to=${date}`, { token }),
      api.get(`/lottery/${MEGASENA}/draw/${date}/prizes`, { token }),
    ]);
    expect(draws.status).toBe(200);
    // When they were written is no part of them: the sync rewrites them.
    const paid = { ...(prizes.body as Record<string, unknown>) };
    delete paid.updatedAt;
    return { draws: draws.body.draws as unknown[], prizes: { status: prizes.status, body: paid } };
  };

  it('needs the mapping’s contest field for a URL with {contest}', async () => {
    const withoutContest = { ...shipped.mapping };
    delete withoutContest.contest;
    const put = await api.put(`/admin/sources/${MEGASENA}`, {
      jwt,
      body: {
        ...shipped,
        mapping: withoutContest,
        url: sources.url('/api/megasena/{contest}'),
        fallbacks: [],
      },
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(
      "Invalid 'mapping' value: a URL with {contest} needs the mapping's contest field.",
    );
  });

  it('asks for the latest contest first, then each number after the last one read until one is not out yet', async () => {
    const put = await api.put(`/admin/sources/${MEGASENA}`, {
      jwt,
      body: {
        adapter: shipped.adapter,
        url: sources.url('/api/megasena/{contest}'),
        mapping: { ...shipped.mapping, contest: 'numero' },
        fallbacks: [],
      },
    });
    expect(put.status).toBe(200);
    expect(await lastContest()).toBeNull();

    // No number read yet: the latest contest (the URL without /{contest}); its number is kept.
    let from = sources.requests.length;
    expect(await syncNow()).toMatchObject({ error: null, fetched: 1, inserted: 0, unchanged: 1 });
    expect(asked(from)).toEqual(['/api/megasena']);
    expect(await lastContest()).toBe(2925);

    // Contest 2925 missed: its draw is gone and the source last read 2924.
    const before = await drawOn(DATE);
    expect(before.draws).toHaveLength(1);
    expect(before.prizes.status).toBe(200);
    expect((await api.delete(`/admin/lotteries/${MEGASENA}/draws/${DATE}`, { jwt })).status).toBe(204);
    await sql(app, 'UPDATE draw_sources SET last_contest = 2924 WHERE lottery_tag = $1', [MEGASENA]);

    from = sources.requests.length;
    const result = await syncNow();
    expect(asked(from)).toEqual(['/api/megasena/2925', '/api/megasena/2926']);
    expect(result).toMatchObject({ error: null, periods: 2, fetched: 1, inserted: 1, prizes: 1 });
    expect(await drawOn(DATE)).toEqual(before);
    expect(await lastContest()).toBe(2925);

    // Nothing newer published: one request, a 404, and a success.
    from = sources.requests.length;
    const next = await syncNow();
    expect(asked(from)).toEqual(['/api/megasena/2926']);
    expect(next).toMatchObject({ error: null, fetched: 0, inserted: 0 });
    expect(next.periods).toBeUndefined();
    expect(await lastContest()).toBe(2925);
  }, 60_000);
});
