import { DrawSyncService } from '../src/modules/ingestion/draw-sync.service';
import { WebhookDeliveryWorker } from '../src/modules/webhooks/webhook-delivery.worker';
import { errorBody, Messages } from './support/contract-errors';
import { newAccount, newAdmin, sql } from './support/fixtures';
import { http, Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { eventually } from './support/timing';
import { startSourceServer } from './support/source-server';
import { signedBy, startReceiver } from './support/webhook-receiver';

const TAG = 'xx_hooks';
const LOTTERY = {
  tag: TAG,
  name: 'Hooks',
  country: 'XX',
  timezone: 'Europe/Paris',
  main: { count: 3, min: 1, max: 20 },
  special: { count: 1, min: 1, max: 5, name: 'Bonus' },
};
const SETTINGS = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  SYNC_ALLOWED_HOSTS: '127.0.0.1', // the ingestion test's source server
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_TIMEOUT_MS: '1000',
  MAX_WEBHOOKS_PER_ACCOUNT: '3',
};
const ALL_EVENTS = ['draw.published', 'draw.corrected', 'draw.deleted', 'draw.prizes'];

describe('webhooks: /profile/webhooks and signed deliveries', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await createTestApp(SETTINGS);
    api = http(app.baseUrl);
    admin = await newAdmin(app, api);
    expect((await api.post('/admin/lotteries', { jwt: admin.jwt, body: LOTTERY })).status).toBe(201);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const subscribe = async (jwt: string, body: Record<string, unknown>) => {
    const res = await api.post('/profile/webhooks', { jwt, body });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  };
  const putDraw = (date: string, main: number[], special: number[]) =>
    api.put(`/admin/lotteries/${TAG}/draws/${date}`, { jwt: admin.jwt, body: { main, special } });

  describe('subscriptions', () => {
    it('creates one with its secret shown once, lists, reads, changes and deletes it', async () => {
      const { jwt } = await newAccount(api);
      const created = await api.post('/profile/webhooks', {
        jwt,
        body: { url: receiver.url, events: ['draw.published'], lotteries: [TAG] },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: receiver.url,
        events: ['draw.published'],
        lotteries: [TAG],
        enabled: true,
        disabledReason: null,
        createdAt: expect.any(String),
        secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
      });
      const { id } = created.body;
      const listed = await api.get('/profile/webhooks', { jwt });
      const { secret, ...shown } = created.body;
      expect(secret).toBeDefined();
      expect(listed.body).toEqual({
        webhooks: [shown],
        limit: 15,
        offset: 0,
        more: false,
        total: 1,
      });
      expect((await api.get(`/profile/webhooks/${id}`, { jwt })).body).not.toHaveProperty('secret');

      const patched = await api.patch(`/profile/webhooks/${id}`, {
        jwt,
        body: { events: ALL_EVENTS, lotteries: null, enabled: false },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ events: ALL_EVENTS, lotteries: null, enabled: false });

      expect((await api.delete(`/profile/webhooks/${id}`, { jwt })).status).toBe(204);
      const gone = await api.get(`/profile/webhooks/${id}`, { jwt });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(errorBody.notFound(Messages.webhookNotFound));
    });

    it("keeps accounts apart: another account's subscription is not found", async () => {
      const owner = await newAccount(api);
      const { id } = await subscribe(owner.jwt, { url: receiver.url, events: ['draw.published'] });
      const stranger = await newAccount(api);
      for (const res of [
        await api.get(`/profile/webhooks/${id}`, { jwt: stranger.jwt }),
        await api.patch(`/profile/webhooks/${id}`, { jwt: stranger.jwt, body: { enabled: false } }),
        await api.delete(`/profile/webhooks/${id}`, { jwt: stranger.jwt }),
        await api.get('/profile/webhooks/not-a-uuid', { jwt: stranger.jwt }),
      ])
        expect(res.body).toEqual(errorBody.notFound(Messages.webhookNotFound));
    });

    it.each([
      ['http://example.com/hook', Messages.webhookUrlNotHttps],
      ['ftp://example.com/hook', Messages.webhookUrlNotHttps],
      ['https://10.0.0.7/hook', Messages.webhookUrlNotPublic],
      ['https://169.254.169.254/latest/meta-data', Messages.webhookUrlNotPublic],
      ['https://[::1]/hook', Messages.webhookUrlNotPublic],
      ['https://[::ffff:192.168.1.1]/hook', Messages.webhookUrlNotPublic],
      ['https://localhost/hook', Messages.webhookUrlNotPublic],
      ['https://user:pw@example.com/hook', Messages.webhookUrlInvalid],
      ['not a url', Messages.webhookUrlInvalid],
    ])('refuses the target %s (SSRF)', async (url, message) => {
      const { jwt } = await newAccount(api);
      const res = await api.post('/profile/webhooks', { jwt, body: { url, events: ['draw.published'] } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(message));
    });

    it('refuses bad events and unknown lotteries, and more than the per-account maximum', async () => {
      const { jwt } = await newAccount(api);
      const events = Messages.invalidField('events', `a non-empty list among ${ALL_EVENTS.join(', ')}`);
      for (const body of [
        { url: receiver.url, events: [] },
        { url: receiver.url, events: ['draw.exploded'] },
        { url: receiver.url },
      ])
        expect((await api.post('/profile/webhooks', { jwt, body })).body).toEqual(
          errorBody.badRequest(events),
        );
      const unknown = await api.post('/profile/webhooks', {
        jwt,
        body: { url: receiver.url, events: ['draw.published'], lotteries: ['no_such_lottery'] },
      });
      expect(unknown.body).toEqual(
        errorBody.badRequest(Messages.invalidFieldProblem('lotteries', "no lottery 'no_such_lottery'.")),
      );
      for (let i = 0; i < 3; i++) await subscribe(jwt, { url: receiver.url, events: ['draw.published'] });
      const fourth = await api.post('/profile/webhooks', {
        jwt,
        body: { url: receiver.url, events: ['draw.published'] },
      });
      expect(fourth.body).toEqual(errorBody.badRequest(Messages.webhookLimitReached));
    });
  });

  describe('deliveries', () => {
    let owner: { jwt: string };
    let hook: { id: string; secret: string };
    // This subscription's own URL: other tests' subscriptions (every lottery) get the same events.
    const url = () => `${receiver.url}?s=main`;
    const toMe = () => receiver.received.filter((r) => r.path === '/hook?s=main');
    const mine = () => toMe().filter((r) => r.body.type !== 'webhook.test');

    beforeAll(async () => {
      owner = await newAccount(api);
      hook = await subscribe(owner.jwt, { url: url(), events: ALL_EVENTS, lotteries: [TAG] });
    });

    it('POSTs a signed draw.published within seconds of an admin PUT, with the draw as the API serves it', async () => {
      const before = mine().length;
      expect((await putDraw('2026-01-03', [3, 1, 2], [4])).status).toBe(201);
      await eventually(async () => expect(mine().length).toBe(before + 1), 5000);
      const event = mine()[before];
      expect(event.body).toEqual({
        id: event.headers['x-lottery-event-id'],
        type: 'draw.published',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        data: {
          lottery: TAG,
          draw: (
            await api.get(`/lottery/${TAG}/draw/2026-01-03/numbers`, { token: await tokenOf(api, owner.jwt) })
          ).body,
        },
      });
      expect(signedBy(event.headers['x-lottery-signature'], event.raw, hook.secret)).toBe(true);
      expect(signedBy(event.headers['x-lottery-signature'], `${event.raw} `, hook.secret)).toBe(false);
      const t = Number(String(event.headers['x-lottery-signature']).match(/^t=(\d+),/)?.[1]);
      expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(30);
    });

    it('sends draw.corrected for changed numbers, nothing for a same-numbers PUT, draw.deleted on delete', async () => {
      await putDraw('2026-01-06', [5, 6, 7], [1]);
      await eventually(
        async () =>
          expect(
            mine().some(
              (r) =>
                r.body.type === 'draw.published' &&
                (r.body.data.draw as { date: string }).date === '2026-01-06',
            ),
          ).toBe(true),
        5000,
      );
      const before = mine().length;
      expect((await putDraw('2026-01-06', [5, 6, 7], [1])).status).toBe(200); // unchanged
      expect((await putDraw('2026-01-06', [5, 6, 8], [1])).status).toBe(200);
      expect((await api.delete(`/admin/lotteries/${TAG}/draws/2026-01-06`, { jwt: admin.jwt })).status).toBe(
        204,
      );
      await eventually(async () => expect(mine().length).toBe(before + 2), 5000);
      await new Promise((resolve) => setTimeout(resolve, 300)); // nothing else comes
      expect(
        mine()
          .slice(before)
          .map((r) => r.body.type),
      ).toEqual(['draw.corrected', 'draw.deleted']);
      expect(
        mine()
          .slice(before)
          .map((r) => (r.body.data.draw as { date: string }).date),
      ).toEqual(['2026-01-06', '2026-01-06']);
    });

    it('sends one draw.published per new line of a CSV import, and only for the lotteries subscribed to', async () => {
      const before = mine().length;
      const res = await api.post(`/admin/lotteries/${TAG}/draws/import`, {
        jwt: admin.jwt,
        body: 'date,main,special\n2026-02-01,1 2 3,1\n2026-02-02,4 5 6,2\n2026-02-03,7 8 9,3\n',
        headers: { 'Content-Type': 'text/csv' },
      });
      expect(res.body).toMatchObject({ inserted: 3 });
      // A draw of another lottery: this subscription is for xx_hooks only.
      await api.put('/admin/lotteries/us_powerball/draws/2026-11-21', {
        jwt: admin.jwt,
        body: { main: [1, 2, 3, 4, 5], special: [6] },
      });
      await eventually(async () => expect(mine().length).toBe(before + 3), 5000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        mine()
          .slice(before)
          .map((r) => (r.body.data.draw as { date: string }).date)
          .sort(),
      ).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
      expect(toMe().filter((r) => r.body.data?.lottery === 'us_powerball')).toEqual([]);
    });

    it('lists its deliveries with their last attempt, sends a test ping and redelivers on request', async () => {
      const log = await api.get(`/profile/webhooks/${hook.id}/deliveries?limit=2`, { jwt: owner.jwt });
      expect(log.status).toBe(200);
      expect(log.body.deliveries[0]).toEqual({
        id: expect.any(String),
        eventId: expect.any(String),
        type: expect.stringMatching(/^draw\./),
        status: 'delivered',
        attempts: 1,
        createdAt: expect.any(String),
        lastAttemptAt: expect.any(String),
        nextAttemptAt: null,
        lastStatus: 200,
        lastError: null,
        lastLatencyMs: expect.any(Number),
        responseExcerpt: 'thanks',
      });
      expect(log.body).toMatchObject({ limit: 2, offset: 0, more: true });

      const ping = await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt });
      expect(ping.status).toBe(202);
      await eventually(
        async () => expect(toMe().some((r) => r.body.id === ping.body.eventId)).toBe(true),
        5000,
      );
      const pinged = toMe().find((r) => r.body.id === ping.body.eventId);
      expect(pinged?.body).toMatchObject({ type: 'webhook.test', data: { lottery: null, draw: null } });
      expect(signedBy(pinged?.headers['x-lottery-signature'], pinged?.raw ?? '', hook.secret)).toBe(true);

      const again = await api.post(
        `/profile/webhooks/${hook.id}/deliveries/${log.body.deliveries[0].id}/redeliver`,
        { jwt: owner.jwt },
      );
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ eventId: log.body.deliveries[0].eventId, status: 'pending' });
      await eventually(
        async () =>
          expect(toMe().filter((r) => r.body.id === log.body.deliveries[0].eventId)).toHaveLength(2),
        5000,
      );
    });

    it('signs with both secrets during a rotation grace period, then with the new one only', async () => {
      const rolled = await api.post(`/profile/webhooks/${hook.id}/secret/roll`, {
        jwt: owner.jwt,
        body: { graceSeconds: 60 },
      });
      expect(rolled.status).toBe(200);
      expect(rolled.body.secret).not.toBe(hook.secret);
      expect(Date.parse(rolled.body.previousSecretExpiresAt)).toBeGreaterThan(Date.now() + 50_000);
      const ping = await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt });
      await eventually(
        async () => expect(toMe().some((r) => r.body.id === ping.body.eventId)).toBe(true),
        5000,
      );
      const signed = toMe().find((r) => r.body.id === ping.body.eventId);
      expect(signedBy(signed?.headers['x-lottery-signature'], signed?.raw ?? '', rolled.body.secret)).toBe(
        true,
      );
      expect(signedBy(signed?.headers['x-lottery-signature'], signed?.raw ?? '', hook.secret)).toBe(true);

      const now = await api.post(`/profile/webhooks/${hook.id}/secret/roll`, { jwt: owner.jwt, body: {} });
      const ping2 = await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt });
      await eventually(
        async () => expect(toMe().some((r) => r.body.id === ping2.body.eventId)).toBe(true),
        5000,
      );
      const signed2 = toMe().find((r) => r.body.id === ping2.body.eventId);
      expect(signedBy(signed2?.headers['x-lottery-signature'], signed2?.raw ?? '', now.body.secret)).toBe(
        true,
      );
      expect(signedBy(signed2?.headers['x-lottery-signature'], signed2?.raw ?? '', rolled.body.secret)).toBe(
        false,
      );
      hook = { id: hook.id, secret: now.body.secret };
    });

    it('sends draw.published for each draw an ingestion sync stores', async () => {
      const sources = await startSourceServer();
      try {
        const fan = await subscribe(owner.jwt, {
          url: `${receiver.url}?s=ingestion`,
          events: ['draw.published'],
          lotteries: ['us_powerball'],
        });
        const url = sources.url('/files/powerball.json');
        const source = await api.put('/admin/sources/us_powerball', {
          jwt: admin.jwt,
          body: { adapter: 'socrata-powerball', url },
        });
        expect(source.status).toBe(200);
        const result = await app.running.app.get(DrawSyncService).syncLottery('us_powerball', { url });
        expect(result.inserted).toBeGreaterThan(0);
        const fromSync = () => receiver.received.filter((r) => r.path === '/hook?s=ingestion');
        await eventually(async () => expect(fromSync()).toHaveLength(result.inserted), 5000);
        for (const event of fromSync()) {
          expect(event.body).toMatchObject({ type: 'draw.published', data: { lottery: 'us_powerball' } });
          expect(signedBy(event.headers['x-lottery-signature'], event.raw, fan.secret)).toBe(true);
        }
      } finally {
        await sources.close();
      }
    });

    it('counts deliveries by outcome for Prometheus', async () => {
      const metrics = (await api.get('/metrics')).text;
      const delivered = metrics.match(/^webhook_deliveries_total\{outcome="delivered"\} (\d+)$/m);
      expect(Number(delivered?.[1])).toBeGreaterThanOrEqual(mine().length);
    });

    it('answers 404 for an unknown delivery and 400 for a bad grace period, with the exact bodies', async () => {
      for (const deliveryId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await api.post(`/profile/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, {
          jwt: owner.jwt,
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(errorBody.notFound(Messages.webhookDeliveryNotFound));
      }
      for (const graceSeconds of [-1, 86_401, 1.5, 'soon']) {
        const res = await api.post(`/profile/webhooks/${hook.id}/secret/roll`, {
          jwt: owner.jwt,
          body: { graceSeconds },
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(
          errorBody.badRequest(Messages.invalidField('graceSeconds', 'a whole number from 0 to 86400')),
        );
      }
    });

    it('does not count deliveries against the monthly quota', async () => {
      const usage = await api.get('/profile/usage', { jwt: owner.jwt });
      expect(usage.body.used).toBe(1); // the one metered read above, nothing for the deliveries
    });
  });

  describe('failures', () => {
    it('retries a failing receiver with back-off until it recovers', async () => {
      const flaky = await startReceiver((attempt) => (attempt <= 2 ? 503 : 200));
      try {
        const owner = await newAccount(api);
        const hook = await subscribe(owner.jwt, {
          url: flaky.url,
          events: ['draw.published'],
          lotteries: [TAG],
        });
        await putDraw('2026-03-01', [1, 2, 3], [1]);
        await eventually(async () => expect(flaky.received).toHaveLength(1), 8000);
        expect(flaky.attempts()).toBe(3);
        const [delivery] = (await api.get(`/profile/webhooks/${hook.id}/deliveries`, { jwt: owner.jwt })).body
          .deliveries;
        expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
        expect(
          signedBy(flaky.received[0].headers['x-lottery-signature'], flaky.received[0].raw, hook.secret),
        ).toBe(true);
      } finally {
        await flaky.close();
      }
    });

    it('refuses at delivery a name that resolves to a private address (DNS checked when connecting)', async () => {
      const owner = await newAccount(api);
      const hook = await subscribe(owner.jwt, {
        url: receiver.url,
        events: ['draw.published'],
        lotteries: [TAG],
      });
      // As if the name had resolved to a public address when it was saved, and to loopback now.
      await sql(app, `UPDATE webhook_subscriptions SET url = $2 WHERE id = $1`, [
        hook.id,
        `https://localhost:${receiver.port}/hook`,
      ]);
      const ping = await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt });
      await eventually(async () => {
        const [delivery] = (await api.get(`/profile/webhooks/${hook.id}/deliveries`, { jwt: owner.jwt })).body
          .deliveries;
        expect(delivery).toMatchObject({
          id: ping.body.id,
          lastStatus: null,
          lastError: expect.stringMatching(
            /^refused: localhost resolves to (127\.0\.0\.1|::1), which is not public$/,
          ),
        });
      }, 5000);
    });
  });
});

describe('webhooks: a receiver down past the retry horizon', () => {
  it('fails the delivery, disables the subscription with the reason, and re-enabling clears it', async () => {
    const app = await createTestApp({ ...SETTINGS, WEBHOOK_RETRY_HORIZON_MS: '800' });
    const receiver = await startReceiver(() => 500);
    try {
      const api = http(app.baseUrl);
      const admin = await newAdmin(app, api);
      await api.post('/admin/lotteries', { jwt: admin.jwt, body: LOTTERY });
      const owner = await newAccount(api);
      const hook = (
        await api.post('/profile/webhooks', {
          jwt: owner.jwt,
          body: { url: receiver.url, events: ['draw.published'] },
        })
      ).body;
      await api.put(`/admin/lotteries/${TAG}/draws/2026-04-01`, {
        jwt: admin.jwt,
        body: { main: [1, 2, 3], special: [1] },
      });
      await eventually(async () => {
        const seen = (await api.get(`/profile/webhooks/${hook.id}`, { jwt: owner.jwt })).body;
        expect(seen).toMatchObject({
          enabled: false,
          disabledReason: expect.stringMatching(/failed \d+ times .*last: HTTP 500$/),
        });
      }, 8000);
      const [delivery] = (await api.get(`/profile/webhooks/${hook.id}/deliveries`, { jwt: owner.jwt })).body
        .deliveries;
      expect(delivery).toMatchObject({ status: 'failed', lastStatus: 500, responseExcerpt: 'nope 500' });
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);

      const enabled = await api.patch(`/profile/webhooks/${hook.id}`, {
        jwt: owner.jwt,
        body: { enabled: true },
      });
      expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});

describe('webhooks: two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp(SETTINGS);
    second = await createTestApp(SETTINGS, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('deliver each event exactly once, and one that was written while the receiver was down after it recovers', async () => {
    const receiver = await startReceiver();
    try {
      const api = http(first.baseUrl);
      const admin = await newAdmin(first, api);
      await api.post('/admin/lotteries', { jwt: admin.jwt, body: LOTTERY });
      const owner = await newAccount(api);
      await api.post('/profile/webhooks', {
        jwt: owner.jwt,
        body: { url: receiver.url, events: ['draw.published'] },
      });
      const lines = Array.from({ length: 20 }, (_, i) => `2025-01-${String(i + 1).padStart(2, '0')},1 2 3,1`);
      await api.post(`/admin/lotteries/${TAG}/draws/import`, {
        jwt: admin.jwt,
        body: `date,main,special\n${lines.join('\n')}\n`,
        headers: { 'Content-Type': 'text/csv' },
      });
      await eventually(async () => expect(receiver.received).toHaveLength(20), 8000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.received.map((r) => r.body.id);
      expect(new Set(ids).size).toBe(20);
      expect(receiver.received).toHaveLength(20);

      // The receiver goes down; a draw is written; the instance that wrote it stops its worker before it
      // could deliver; the other delivers once the receiver is back.
      receiver.answerWith(() => 503);
      await first.running.app.get(WebhookDeliveryWorker).beforeApplicationShutdown();
      await api.put(`/admin/lotteries/${TAG}/draws/2025-02-01`, {
        jwt: admin.jwt,
        body: { main: [4, 5, 6], special: [2] },
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      receiver.answerWith(() => 200);
      await eventually(async () => expect(receiver.received).toHaveLength(21), 8000);
      expect((receiver.received[20].body.data.draw as { date: string }).date).toBe('2025-02-01');
    } finally {
      await receiver.close();
    }
  });
});

async function tokenOf(api: Http, jwt: string): Promise<string> {
  const created = await api.post('/profile/token', { jwt, body: { id: `t-${Date.now()}` } });
  return created.body.token;
}
