import dns from 'node:dns';
import { PassThrough } from 'node:stream';
import { type BootCliApp, runCli } from '../src/bin/cli';
import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { errorBody, Messages } from './support/contract-errors';
import { newAccount, sql } from './support/fixtures';
import type { Http } from './support/http';
import { logMessages, setUp } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import type { TestApp } from './support/test-app';
import { eventually } from './support/timing';
import { startReceiver } from './support/webhook-receiver';

/** Stands for what a host inside the operator's network could answer: it must never be shown back. */
const SECRET = 'root:x:0:0:secret-token-7f3a';

/**
 * One outbound policy (SSRF) for ingestion sources and webhook targets: public addresses over https only, the
 * allow-lists (SYNC_ALLOWED_HOSTS, here 127.0.0.1; WEBHOOK_ALLOWED_HOSTS, here empty) excepted; checked when a URL
 * is saved, again at every fetch, redirect and delivery; and nothing of a refused or odd answer is echoed.
 */
describe('outbound requests under one policy', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let logs: string[];
  let sources: SourceServer;

  const sync = (url?: string) => app.running.app.get(DrawSyncService).syncLottery('us_powerball', { url });
  const setSource = (tag: string, body: Record<string, unknown>) =>
    api.put(`/admin/sources/${tag}`, { jwt, body });
  const syncState = async (tag: string) => (await api.get(`/admin/sync/${tag}`, { jwt })).body;
  /** `draws.example` resolves to loopback, as an internal name (or a rebinding one) would. */
  const resolveToLoopback = () => {
    const real = dns.lookup;
    return jest.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupAllOptions,
      callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      if (hostname === 'draws.example') callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else (real as (...args: unknown[]) => void)(hostname, options, callback);
    }) as unknown as typeof dns.lookup);
  };

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, admin, logs } = await setUp({
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
    }));
    jwt = admin.jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  describe('ingestion sources', () => {
    const plainHttp = 'expected an https URL (plain http only to hosts in SYNC_ALLOWED_HOSTS).';
    const notPublic = 'expected a public address (private ones only for hosts in SYNC_ALLOWED_HOSTS).';

    it.each([
      ['http://draws.example/pb.json', plainHttp],
      ['https://10.0.0.7/pb.json', notPublic],
      ['https://169.254.169.254/latest/meta-data', notPublic],
      ['https://[::1]/pb.json', notPublic],
      ['https://[::127.0.0.1]/pb.json', notPublic],
      ['https://[::ffff:192.168.1.1]/pb.json', notPublic],
      ['https://localhost:8443/pb.json', notPublic],
      ['https://user:pw@draws.example/pb.json', 'expected a URL without credentials.'],
    ])('an administrator cannot save the source URL %s (400 naming url)', async (url, problem) => {
      const res = await setSource('us_powerball', { adapter: 'socrata-powerball', url, fallbacks: [] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(Messages.invalidFieldProblem('url', problem)));
      expect((await syncState('us_powerball')).url).toBe('https://data.ny.gov/resource/d6yy-54nr.json');
    });

    it('saves a public https URL, and plain http to a host of SYNC_ALLOWED_HOSTS', async () => {
      for (const url of ['https://draws.example/pb.json', sources.url('/files/powerball.json')])
        expect(
          (await setSource('us_powerball', { adapter: 'socrata-powerball', url, fallbacks: [] })).status,
        ).toBe(200);
    });

    it('a fetch re-applies the policy: a stored or given URL it refuses is not contacted', async () => {
      // Stored before the policy existed (or while its host was listed).
      const stored = `http://localhost:${sources.port}/files/powerball.json`;
      await sql(app, `UPDATE draw_sources SET url = $1 WHERE lottery_tag = 'us_powerball'`, [stored]);
      const before = sources.connections();
      expect((await sync()).error).toBe('refused: plain http is allowed only to hosts in SYNC_ALLOWED_HOSTS');
      expect((await sync(`https://[::ffff:127.0.0.1]:${sources.port}/files/powerball.json`)).error).toBe(
        'refused: not a public address (private ones are allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      );
      expect(sources.connections()).toBe(before);
      expect(await syncState('us_powerball')).toMatchObject({
        lastError:
          'refused: not a public address (private ones are allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      });
    });

    it("checks a name's addresses in the connection's own lookup", async () => {
      resolveToLoopback();
      const before = sources.connections();
      const result = await sync(`https://draws.example:${sources.port}/files/powerball.json`);
      expect(result.error).toBe(
        'refused: the host resolves to 127.0.0.1, which is not public (allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      );
      expect(sources.connections()).toBe(before);
    });

    it('follows a redirect the policy accepts, each hop checked again', async () => {
      sources.answer('/moved', { status: 301, headers: { Location: '/files/powerball.json' }, body: '' });
      const result = await sync(sources.url('/moved'));
      expect([result.error, result.fetched]).toEqual([null, 6]);
      expect(sources.requests.slice(-2).map((r) => r.path)).toEqual(['/moved', '/files/powerball.json']);
    });

    it.each([
      [
        302,
        'http://169.254.169.254/latest/meta-data/',
        'refused a redirect (HTTP 302): plain http is allowed only to hosts in SYNC_ALLOWED_HOSTS',
      ],
      [
        307,
        'https://169.254.169.254/latest/meta-data/',
        'refused a redirect (HTTP 307): not a public address (private ones are allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      ],
      [
        308,
        'https://[::1]:9/',
        'refused a redirect (HTTP 308): not a public address (private ones are allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      ],
      [303, 'file:///etc/passwd', 'refused a redirect (HTTP 303): not an http or https URL'],
    ])('refuses a %s redirect to %s', async (status, location, reason) => {
      sources.answer('/away', { status, headers: { Location: location }, body: '' });
      expect((await sync(sources.url('/away'))).error).toBe(reason);
    });

    it('refuses a redirect to a name resolving to a private address, without naming it', async () => {
      resolveToLoopback();
      const before = sources.connections();
      const location = `https://draws.example:${sources.port}/files/powerball.json`;
      sources.answer('/to-name', { status: 302, headers: { Location: location }, body: '' });
      expect((await sync(sources.url('/to-name'))).error).toBe(
        'refused a redirect: the host resolves to 127.0.0.1, which is not public (allowed only to hosts in SYNC_ALLOWED_HOSTS)',
      );
      expect(sources.connections()).toBe(before + 1); // the first hop only
    });

    it('follows a bounded number of redirects', async () => {
      sources.answer('/loop', { status: 302, headers: { Location: '/loop' }, body: '' });
      const before = sources.requests.length;
      expect((await sync(sources.url('/loop'))).error).toBe('too many redirects (more than 5)');
      expect(sources.requests.length - before).toBe(6);
    });
  });

  describe('errors describe an answer, never quote it', () => {
    const boot: BootCliApp = async () => ({
      get: (type) => app.running.app.get(type),
      close: async () => undefined,
    });
    const cli = async (...argv: string[]) => {
      const err: string[] = [];
      const io = { out: () => undefined, err: (t: string) => err.push(t), progress: new PassThrough() };
      await runCli(argv, io, boot);
      return err.join('\n');
    };

    it.each([
      ['a status line', { status: 503, reason: SECRET, body: SECRET }, 'HTTP 503 Service Unavailable'],
      [
        'invalid JSON',
        { body: `{"${SECRET}"` },
        `the source answered invalid JSON (${Buffer.byteLength(`{"${SECRET}"`)} bytes)`,
      ],
      [
        'rows of another shape',
        { body: JSON.stringify([{ draw_date: SECRET, winning_numbers: SECRET }]) },
        `no usable row in 1 (the format may have changed); row 1: draw_date (text of ${SECRET.length} characters) is not 'YYYY-MM-DDT00:00:00.000'`,
      ],
    ])('%s', async (_name, answer, reason) => {
      sources.answer('/internal', answer);
      const result = await sync(sources.url('/internal'));
      expect(result.error).toBe(reason);
      expect(JSON.stringify(await syncState('us_powerball'))).not.toContain('secret-token');
      const printed = await cli('sync', 'us_powerball', '--url', sources.url('/internal'));
      expect(printed).toContain(reason);
      expect(printed).not.toContain('secret-token');
    });

    it('CSV: a missing column is named, not the header read; a broken file gives its line', async () => {
      const mapping = { format: 'csv', date: 'Date', main: 'Balls', special: 'Chance' };
      expect(
        (
          await setSource('fr_lotto', {
            adapter: 'generic',
            url: sources.url('/fr.csv'),
            mapping,
            fallbacks: [],
          })
        ).status,
      ).toBe(200);
      const syncFr = () => app.running.app.get(DrawSyncService).syncLottery('fr_lotto');
      sources.answer('/fr.csv', { type: 'text/csv', body: `${SECRET}\n${SECRET}\n` });
      expect((await syncFr()).error).toBe("the CSV has no column 'Date' (its header has 1 column)");
      sources.answer('/fr.csv', { type: 'text/csv', body: `Date,Balls,Chance\n"${SECRET},1,2\n` });
      expect((await syncFr()).error).toBe('the source answered invalid CSV (CSV_QUOTE_NOT_CLOSED at line 2)');
      sources.answer('/fr.csv', { type: 'text/csv', body: `Date,Balls,Chance\n${SECRET},1 2 3 4 5,6\n` });
      expect((await syncFr()).error).toBe(
        `no usable row in 1 (the format may have changed); row 1: Date (text of ${SECRET.length} characters) is not a date`,
      );
      expect(JSON.stringify(await syncState('fr_lotto'))).not.toContain('secret-token');
      await eventually(async () => expect(logMessages(logs)).toContain("the CSV has no column 'Date'"));
      expect(logMessages(logs)).not.toContain('secret-token');
    });
  });

  describe('webhook delivery re-applies the whole policy', () => {
    it('refuses a target no longer allowed (an IP literal: no lookup), recording a failed attempt', async () => {
      const receiver = await startReceiver();
      try {
        const owner = await newAccount(api);
        const created = await api.post('/profile/webhooks', {
          jwt: owner.jwt,
          body: { url: 'https://hooks.example/hook', events: ['draw.published'] },
        });
        expect(created.status).toBe(201);
        // As if saved while 127.0.0.1 was in WEBHOOK_ALLOWED_HOSTS, which no longer lists it.
        await sql(app, 'UPDATE webhook_subscriptions SET url = $2 WHERE id = $1', [
          created.body.id,
          receiver.url,
        ]);
        const ping = await api.post(`/profile/webhooks/${created.body.id}/test`, { jwt: owner.jwt });
        expect(ping.status).toBe(202);
        await eventually(async () => {
          const [delivery] = (
            await api.get(`/profile/webhooks/${created.body.id}/deliveries`, { jwt: owner.jwt })
          ).body.deliveries;
          expect(delivery).toMatchObject({
            lastStatus: null,
            lastError: 'refused: plain http is allowed only to hosts in WEBHOOK_ALLOWED_HOSTS',
          });
          expect(delivery.attempts).toBeGreaterThanOrEqual(1);
        }, 5000);
        expect(receiver.attempts()).toBe(0);
      } finally {
        await receiver.close();
      }
    });
  });
});
