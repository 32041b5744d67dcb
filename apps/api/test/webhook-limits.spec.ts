import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookDeliveryWorker } from '../src/modules/webhooks/webhook-delivery.worker';
import { WebhookRetention } from '../src/modules/webhooks/webhook-retention';
import { errorBody, Messages } from './support/contract-errors';
import { newAccount, newAdmin, sql } from './support/fixtures';
import { http, Http } from './support/http';
import { connectTestRedis, testRedisUrl } from './support/redis';
import { createTestApp, TestApp } from './support/test-app';
import { eventually } from './support/timing';
import { startReceiver } from './support/webhook-receiver';

// Issue 29, webhooks: manual sends rate-limited per account, pending deliveries capped, a claim fair across
// accounts, retention, and nothing written, tested or sent for a disabled or unlicensed account.

const TAG = 'xx_limits';
const LOTTERY = {
  tag: TAG,
  name: 'Limits',
  country: 'XX',
  timezone: 'Europe/Paris',
  main: { count: 3, min: 1, max: 20 },
  special: { count: 1, min: 1, max: 5, name: 'Bonus' },
};
const BASE = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  MAX_WEBHOOKS_PER_ACCOUNT: '10',
};

/** A receiver that takes every request and never answers: each delivery to it lasts WEBHOOK_TIMEOUT_MS. */
async function startBlackHole() {
  const open = new Set<ServerResponse>();
  let seen = 0;
  let mostAtOnce = 0;
  const server = createServer((request, response) => {
    request.resume();
    seen += 1;
    open.add(response);
    mostAtOnce = Math.max(mostAtOnce, open.size);
    response.on('close', () => open.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}/${path}`,
    seen: () => seen,
    /** The most requests it held at the same time. */
    mostAtOnce: () => mostAtOnce,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Another lottery, for subscriptions that must not get TAG's events. */
const TAG2 = 'xx_limits_two';

async function setUp(app: TestApp, api: Http) {
  const admin = await newAdmin(app, api);
  for (const lottery of [LOTTERY, { ...LOTTERY, tag: TAG2, name: 'Limits two' }])
    expect((await api.post('/admin/lotteries', { jwt: admin.jwt, body: lottery })).status).toBe(201);
  return admin;
}

async function subscribe(api: Http, jwt: string, body: Record<string, unknown>) {
  const res = await api.post('/profile/webhooks', { jwt, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

let day = 0;
/** A new draw (a draw.published for its subscribers), on a date no other call used. */
async function publishDraw(api: Http, jwt: string, tag = TAG) {
  day += 1;
  const date = new Date(Date.UTC(2024, 0, day)).toISOString().slice(0, 10);
  const res = await api.put(`/admin/lotteries/${tag}/draws/${date}`, {
    jwt,
    body: { main: [1, 2, 3], special: [1] },
  });
  expect(res.status).toBe(201);
}

interface Delivery {
  id: string;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

async function deliveriesOf(api: Http, jwt: string, id: string): Promise<Delivery[]> {
  const res = await api.get(`/profile/webhooks/${id}/deliveries?limit=15`, { jwt });
  expect(res.status).toBe(200);
  return res.body.deliveries;
}

describe('webhooks: test sends and redeliveries limited per account, shared by every instance', () => {
  let first: TestApp;
  let second: TestApp;
  let a: Http;
  let b: Http;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    (await connectTestRedis()).disconnect();
    const env = { ...BASE, REDIS_URL: testRedisUrl(), WEBHOOK_TEST_RATE_LIMIT: '3/m' };
    first = await createTestApp(env);
    second = await createTestApp(env, { shareDatabaseWith: first });
    a = http(first.baseUrl);
    b = http(second.baseUrl);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await receiver?.close();
  });

  it('answers the contract 429 with Retry-After and the rate headers past WEBHOOK_TEST_RATE_LIMIT, on either instance', async () => {
    const owner = await newAccount(a);
    const hook = await subscribe(a, owner.jwt, { url: receiver.url, events: ['draw.published'] });
    const test = (api: Http) => api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt });
    const first1 = await test(a);
    expect(first1.status).toBe(202);
    expect(first1.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first1.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await test(b)).status).toBe(202);
    // A redelivery draws on the same budget.
    const again = await b.post(`/profile/webhooks/${hook.id}/deliveries/${first1.body.id}/redeliver`, {
      jwt: owner.jwt,
    });
    expect(again.status).toBe(202);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');

    for (const refused of [
      await test(a),
      await a.post(`/profile/webhooks/${hook.id}/deliveries/${first1.body.id}/redeliver`, { jwt: owner.jwt }),
      await test(b),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(errorBody.tooManyRequests());
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    // Refused sends wrote nothing: the three accepted ones only.
    await eventually(async () => expect(await deliveriesOf(a, owner.jwt, hook.id)).toHaveLength(3));

    // Another account has its own budget.
    const other = await newAccount(b);
    const its = await subscribe(b, other.jwt, { url: receiver.url, events: ['draw.published'] });
    expect((await b.post(`/profile/webhooks/${its.id}/test`, { jwt: other.jwt })).status).toBe(202);
  });

  it('still answers 404 for an unknown subscription or delivery, before counting', async () => {
    const owner = await newAccount(a);
    const hook = await subscribe(a, owner.jwt, { url: receiver.url, events: ['draw.published'] });
    for (let i = 0; i < 4; i++) {
      const res = await a.post(`/profile/webhooks/${hook.id}/deliveries/${randomUUID()}/redeliver`, {
        jwt: owner.jwt,
      });
      expect(res.body).toEqual(errorBody.notFound(Messages.webhookDeliveryNotFound));
    }
    expect((await a.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt })).status).toBe(202);
  });
});

describe('webhooks: pending deliveries capped per subscription and per account; retention', () => {
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };

  beforeAll(async () => {
    app = await createTestApp({
      ...BASE,
      WEBHOOK_TEST_RATE_LIMIT: 'off',
      WEBHOOK_MAX_PENDING_PER_SUBSCRIPTION: '4',
      WEBHOOK_MAX_PENDING_PER_ACCOUNT: '6',
      WEBHOOK_RETENTION_DAYS: '30',
    });
    api = http(app.baseUrl);
    admin = await setUp(app, api);
    // Nothing is sent in this block: every delivery stays pending, as behind a receiver that is down.
    await app.running.app.get(WebhookDeliveryWorker).beforeApplicationShutdown();
  });
  afterAll(() => app?.close());

  const dropped = (cap: number, of: 'subscription' | 'account') =>
    `Not sent: this ${of} already had ${cap} deliveries waiting, the most allowed.`;

  it('drops, visibly, what a draw event would queue past the caps, and refuses tests and redeliveries then', async () => {
    const owner = await newAccount(api);
    const one = await subscribe(api, owner.jwt, {
      url: 'http://127.0.0.1:9/one',
      events: ['draw.published'],
      lotteries: [TAG],
    });
    for (let i = 0; i < 5; i++) await publishDraw(api, admin.jwt);
    const ofOne = await deliveriesOf(api, owner.jwt, one.id);
    expect(ofOne.filter((d) => d.status === 'pending')).toHaveLength(4);
    // The newest is the one dropped: failed, never attempted, with why.
    expect(ofOne[0]).toMatchObject({
      type: 'draw.published',
      status: 'failed',
      attempts: 0,
      lastError: dropped(4, 'subscription'),
    });
    const full = await api.post(`/profile/webhooks/${one.id}/test`, { jwt: owner.jwt });
    expect(full.status).toBe(429);
    expect(full.body).toEqual(errorBody.tooManyRequests());
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);

    // A second subscription: the account (6) fills before it does (4).
    const two = await subscribe(api, owner.jwt, {
      url: 'http://127.0.0.1:9/two',
      events: ['draw.published'],
      lotteries: [TAG],
    });
    await publishDraw(api, admin.jwt);
    await publishDraw(api, admin.jwt);
    await publishDraw(api, admin.jwt);
    const ofTwo = await deliveriesOf(api, owner.jwt, two.id);
    expect(ofTwo.map((d) => d.status)).toEqual(['failed', 'pending', 'pending']);
    expect(ofTwo[0].lastError).toBe(dropped(6, 'account'));
    expect((await deliveriesOf(api, owner.jwt, one.id))[0].lastError).toBe(dropped(4, 'subscription'));
    const [{ pending }] = await sql(
      app,
      `SELECT count(*)::int AS pending FROM webhook_deliveries d JOIN webhook_subscriptions s
          ON s.id = d.subscription_id WHERE s.account_id = $1 AND d.status = 'pending'`,
      [owner.id],
    );
    expect(pending).toBe(6);
    for (const refused of [
      await api.post(`/profile/webhooks/${two.id}/test`, { jwt: owner.jwt }),
      await api.post(`/profile/webhooks/${two.id}/deliveries/${ofTwo[1].id}/redeliver`, { jwt: owner.jwt }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(errorBody.tooManyRequests());
    }

    // Another account is not held by this one's caps.
    const other = await newAccount(api);
    const its = await subscribe(api, other.jwt, {
      url: 'http://127.0.0.1:9/its',
      events: ['draw.published'],
      lotteries: [TAG],
    });
    expect((await api.post(`/profile/webhooks/${its.id}/test`, { jwt: other.jwt })).status).toBe(202);
  });

  it('deletes delivered, failed and dropped deliveries and events past WEBHOOK_RETENTION_DAYS, never pending ones', async () => {
    const owner = await newAccount(api);
    const hook = await subscribe(api, owner.jwt, {
      url: 'http://127.0.0.1:9/old',
      events: ['draw.published'],
      lotteries: [TAG2],
    });
    for (let i = 0; i < 5; i++) await publishDraw(api, admin.jwt, TAG2); // 4 pending, 1 dropped
    const before = await deliveriesOf(api, owner.jwt, hook.id);
    const [dropped1, newestPending, , , oldestPending] = before;
    // One delivered, one failed after its retries; everything of this subscription 31 days old, but one.
    await sql(app, `UPDATE webhook_deliveries SET status = 'delivered' WHERE id = $1`, [newestPending.id]);
    await sql(app, `UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1`, [before[2].id]);
    await sql(
      app,
      `UPDATE webhook_deliveries SET created_at = now() - interval '31 days'
        WHERE subscription_id = $1 AND id <> $2`,
      [hook.id, before[3].id],
    );
    await sql(
      app,
      `UPDATE webhook_events SET created_at = now() - interval '31 days'
        WHERE id IN (SELECT event_id FROM webhook_deliveries WHERE subscription_id = $1)`,
      [hook.id],
    );
    // An old event whose deliveries are all gone already, and a recent one: only the old one goes.
    const orphanOld = randomUUID();
    const orphanNew = randomUUID();
    await sql(
      app,
      `INSERT INTO webhook_events (id, type, body, created_at)
       VALUES ($1, 'draw.published', '{}', now() - interval '40 days'), ($2, 'draw.published', '{}', now())`,
      [orphanOld, orphanNew],
    );

    // The dropped, delivered and failed deliveries; their events, and the old event no delivery refers to.
    expect(await app.running.app.get(WebhookRetention).prune()).toEqual({ deliveries: 3, events: 4 });

    const after = await deliveriesOf(api, owner.jwt, hook.id);
    // Pending ones stay whatever their age (the old one too), and the recent delivered one.
    expect(after.map((d) => d.id).sort()).toEqual([before[3].id, oldestPending.id].sort());
    expect(after.every((d) => d.status === 'pending')).toBe(true);
    const events = await sql(app, `SELECT id FROM webhook_events WHERE id = ANY($1::uuid[])`, [
      [
        orphanOld,
        orphanNew,
        dropped1.eventId,
        newestPending.eventId,
        before[2].eventId,
        oldestPending.eventId,
        before[3].eventId,
      ],
    ]);
    expect(events.map((e) => e.id).sort()).toEqual(
      [orphanNew, oldestPending.eventId, before[3].eventId].sort(),
    );
    // A second round finds nothing more.
    expect(await app.running.app.get(WebhookRetention).prune()).toEqual({ deliveries: 0, events: 0 });
  });
});

describe('webhooks: a fair claim, and nothing for disabled or unlicensed accounts', () => {
  const TIMEOUT_MS = 1500;
  let app: TestApp;
  let api: Http;
  let admin: { jwt: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await createTestApp({
      ...BASE,
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      // Failed attempts are retried much later: what is measured is the first attempts.
      WEBHOOK_RETRY_BASE_MS: '600000',
      WEBHOOK_TEST_RATE_LIMIT: 'off',
    });
    api = http(app.baseUrl);
    admin = await setUp(app, api);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it("delivers an account's draw.published promptly while another account floods a receiver that never answers", async () => {
    const hole = await startBlackHole();
    try {
      const attacker = await newAccount(api);
      const hooks = [];
      for (let i = 0; i < 3; i++)
        hooks.push(
          await subscribe(api, attacker.jwt, {
            url: hole.url(`a${i}`),
            events: ['draw.deleted'],
            lotteries: [TAG],
          }),
        );
      const victim = await newAccount(api);
      await subscribe(api, victim.jwt, {
        url: `${receiver.url}?s=victim`,
        events: ['draw.published'],
        lotteries: [TAG],
      });
      // 30 tests, sent as fast as the API takes them (bounded: 30 requests).
      for (let i = 0; i < 10; i++)
        for (const hook of hooks)
          expect((await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: attacker.jwt })).status).toBe(
            202,
          );
      await eventually(async () => expect(hole.seen()).toBeGreaterThan(0), 5000);

      await publishDraw(api, admin.jwt);
      const waited = await eventually(
        async () => expect(receiver.received.filter((r) => r.path === '/hook?s=victim')).toHaveLength(1),
        20_000,
      );
      // About one target timeout at worst (a free slot); today's batch claim took ten.
      expect(waited).toBeLessThan(2 * TIMEOUT_MS);
      // One delivery in flight per subscription: the dead receiver never held more than the 3 subscriptions.
      expect(hole.mostAtOnce()).toBeLessThanOrEqual(3);
    } finally {
      await hole.close();
    }
  });

  it('keeps at most a few deliveries of one account in flight at once, and sends them all in turn', async () => {
    const hole = await startBlackHole();
    try {
      const owner = await newAccount(api);
      for (let i = 0; i < 6; i++) {
        const hook = await subscribe(api, owner.jwt, {
          url: hole.url(`b${i}`),
          events: ['draw.deleted'],
          lotteries: [TAG],
        });
        expect((await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt })).status).toBe(202);
      }
      await eventually(async () => expect(hole.seen()).toBe(6), 4 * TIMEOUT_MS + 5000);
      expect(hole.mostAtOnce()).toBe(4);
    } finally {
      await hole.close();
    }
  });

  describe('a disabled or unlicensed account', () => {
    const fromHook = (tag: string) => receiver.received.filter((r) => r.path === `/hook?s=${tag}`);

    async function accountWithHook(tag: string) {
      const owner = await newAccount(api);
      const hook = await subscribe(api, owner.jwt, {
        url: `${receiver.url}?s=${tag}`,
        events: ['draw.published'],
        lotteries: [TAG],
      });
      return { owner, hook };
    }

    /** A delivery already waiting for the subscription, as if written just before the account was disabled. */
    async function pendingDelivery(subscriptionId: string): Promise<string> {
      const eventId = randomUUID();
      const body = JSON.stringify({ id: eventId, type: 'draw.published', createdAt: new Date(), data: {} });
      await sql(
        app,
        `INSERT INTO webhook_events (id, type, lottery_tag, body) VALUES ($1, 'draw.published', $2, $3)`,
        [eventId, TAG, body],
      );
      await sql(app, `INSERT INTO webhook_deliveries (event_id, subscription_id) VALUES ($1, $2)`, [
        eventId,
        subscriptionId,
      ]);
      return eventId;
    }

    it.each([
      ['disabled', { disabled: true }, { disabled: false }, Messages.accountDisabled],
      ['unlicensed', { license: null }, { license: 'free' }, Messages.noLicense],
    ])(
      '(%s) may not write, test or redeliver; gets no new deliveries; its pending ones wait until it is back',
      async (label, off, on, message) => {
        const { owner, hook } = await accountWithHook(`${label}`);
        await accountWithHook(`${label}-active`); // an active account, to see the draw fan out
        // A delivery it had before, to redeliver.
        await publishDraw(api, admin.jwt);
        await eventually(async () => expect(fromHook(label)).toHaveLength(1), 5000);
        const [delivered] = await deliveriesOf(api, owner.jwt, hook.id);

        expect((await api.patch(`/admin/accounts/${owner.id}`, { jwt: admin.jwt, body: off })).status).toBe(
          200,
        );
        const forbidden = errorBody.forbidden(message);
        for (const res of [
          await api.post('/profile/webhooks', {
            jwt: owner.jwt,
            body: { url: receiver.url, events: ['draw.published'] },
          }),
          await api.patch(`/profile/webhooks/${hook.id}`, { jwt: owner.jwt, body: { enabled: false } }),
          await api.post(`/profile/webhooks/${hook.id}/secret/roll`, { jwt: owner.jwt, body: {} }),
          await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt }),
          await api.post(`/profile/webhooks/${hook.id}/deliveries/${delivered.id}/redeliver`, {
            jwt: owner.jwt,
          }),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body).toEqual(forbidden);
        }
        // Reading stays open.
        expect((await api.get(`/profile/webhooks/${hook.id}`, { jwt: owner.jwt })).body).toMatchObject({
          enabled: true,
        });

        // A new draw reaches the active account, not this one; nor does a delivery it had waiting.
        const waiting = await pendingDelivery(hook.id);
        await publishDraw(api, admin.jwt);
        await eventually(async () => expect(fromHook(`${label}-active`)).toHaveLength(2), 5000);
        await new Promise((resolve) => setTimeout(resolve, 500)); // many polls
        expect(fromHook(label)).toHaveLength(1);
        const log = await deliveriesOf(api, owner.jwt, hook.id);
        expect(log.map((d) => [d.eventId === waiting, d.status])).toEqual([
          [true, 'pending'],
          [false, 'delivered'],
        ]);

        // Back: the waiting delivery goes out; the draw written meanwhile was never queued for it.
        expect((await api.patch(`/admin/accounts/${owner.id}`, { jwt: admin.jwt, body: on })).status).toBe(
          200,
        );
        await eventually(
          async () => expect(fromHook(label).map((r) => r.body.id)).toEqual([delivered.eventId, waiting]),
          5000,
        );
        expect((await api.post(`/profile/webhooks/${hook.id}/test`, { jwt: owner.jwt })).status).toBe(202);
        expect((await api.delete(`/profile/webhooks/${hook.id}`, { jwt: owner.jwt })).status).toBe(204);
      },
    );
  });
});
