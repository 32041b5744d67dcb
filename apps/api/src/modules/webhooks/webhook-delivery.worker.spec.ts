import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { startTestDatabase, type TestDatabaseEngine } from '../../../test/support/test-database';
import { TEST_ENV } from '../../../test/support/test-engine';
import { eventually } from '../../../test/support/timing';
import { signedBy } from '../../../test/support/webhook-receiver';
import { loadSettings, type Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import { claimDue } from './webhook-claim';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { enqueueDrawEvents } from './webhook-outbox';
import { WebhookRetention } from './webhook-retention';
import { TEST_EVENT_TYPE } from './webhook-subscription.entity';

/** A minute's base: the back-off's bounds then dwarf the few milliseconds a send and a record take. */
const RETRY_BASE_MS = 60_000;
const RETRY_HORIZON_MS = 3_600_000;

interface Request {
  headers: IncomingHttpHeaders;
  raw: string;
}

/**
 * The target: a real HTTP server on loopback (WEBHOOK_ALLOWED_HOSTS lets the outbound policy reach it). It answers
 * `status`, and while `hold` is on it keeps every answer back, so that a send stays in flight as long as a test
 * needs (a second claim meanwhile must not send it again).
 */
async function startTarget(status = 200) {
  const requests: Request[] = [];
  const held: (() => void)[] = [];
  let hold = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const answer = () => response.writeHead(status).end(status < 300 ? 'ok' : 'down');
      if (hold) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    hold: () => (hold = true),
    release: () => {
      hold = false;
      held.splice(0).forEach((answer) => answer());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  locked_until: Date | null;
  /** Milliseconds from the attempt to the next one (the back-off chosen). */
  wait_ms: number | null;
}

describe('WebhookDeliveryWorker, on the real outbox', () => {
  let database: TestDatabaseEngine;
  let dataSource: DataSource;
  let settings: Settings;
  const stoppers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    dataSource = await database.connect();
    settings = loadSettings({
      ...TEST_ENV,
      DATA_DIR: database.dataDir,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WEBHOOK_RETRY_HORIZON_MS: String(RETRY_HORIZON_MS),
      WEBHOOK_RETENTION_DAYS: '30',
    });
  });
  afterEach(async () => {
    // Workers first (they wait for their sends), then targets; each test starts from an empty outbox.
    for (const stop of stoppers.splice(0).reverse()) await stop();
    await dataSource.query(`DELETE FROM webhook_subscriptions`);
    await dataSource.query(`DELETE FROM webhook_events`);
  });
  afterAll(() => database?.stop());

  /** A worker as each instance runs one; never started, so that only the test's polls claim. */
  const newWorker = () => {
    const worker = new WebhookDeliveryWorker(
      dataSource,
      new MetricsService(),
      new WebhookRetention(dataSource, settings),
      settings,
    );
    stoppers.push(() => worker.beforeApplicationShutdown());
    return worker;
  };
  const newTarget = async (status?: number) => {
    const target = await startTarget(status);
    stoppers.push(async () => {
      target.release();
      await target.close();
    });
    return target;
  };

  /** An enabled, licensed account with one subscription to draw.published of its own lottery. */
  const subscribe = async (url: string) => {
    const lottery = `xx_${randomBytes(4).toString('hex')}`;
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const [account] = await dataSource.query(
      `INSERT INTO accounts (email, password_hash, license_name) VALUES ($1, 'unused', 'free') RETURNING id`,
      [`hooks-${randomUUID()}@example.test`],
    );
    const [subscription] = await dataSource.query(
      `INSERT INTO webhook_subscriptions (account_id, url, events, lotteries, secret)
       VALUES ($1, $2, '["draw.published"]', $3, $4) RETURNING id`,
      [account.id, url, JSON.stringify([lottery]), secret],
    );
    return { accountId: account.id as string, id: subscription.id as string, lottery, secret };
  };
  /** A draw published, through the outbox as the draw writers call it. */
  const publish = (lottery: string, date = '2026-03-14') =>
    dataSource.transaction((manager) =>
      enqueueDrawEvents(manager, [{ type: 'draw.published', lottery, draw: { date, main: [1, 2, 3] } }]),
    );
  const deliveriesOf = (subscriptionId: string): Promise<DeliveryRow[]> =>
    dataSource.query(
      `SELECT d.id, d.event_id, d.status, d.attempts, d.last_status, d.last_error, d.response_excerpt,
              d.locked_until, (extract(epoch FROM d.next_attempt_at - d.last_attempt_at) * 1000)::int AS wait_ms
         FROM webhook_deliveries d WHERE d.subscription_id = $1 ORDER BY d.created_at, d.id`,
      [subscriptionId],
    );
  /** The delivery's row once its attempt `attempts` is recorded (the lease released). */
  const recorded = async (subscriptionId: string, attempts: number): Promise<DeliveryRow> => {
    let row!: DeliveryRow;
    await eventually(async () => {
      [row] = await deliveriesOf(subscriptionId);
      expect(row).toMatchObject({ attempts, locked_until: null });
      expect(row.last_status ?? row.last_error).not.toBeNull();
    }, 5000);
    return row;
  };

  it('sends a due delivery once, signed, and marks it delivered, though two instances claim at once', async () => {
    const target = await newTarget();
    const subscription = await subscribe(target.url);
    await publish(subscription.lottery);
    const [pending] = await deliveriesOf(subscription.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });

    target.hold();
    const [one, two] = [newWorker(), newWorker()];
    await Promise.all([one.poll(), two.poll()]);
    await eventually(async () => expect(target.requests).toHaveLength(1));
    // While the send is in flight its lease holds: claimed again by either instance, it is not sent again.
    await Promise.all([one.poll(), two.poll()]);
    target.release();

    const row = await recorded(subscription.id, 1);
    expect(row).toMatchObject({
      status: 'delivered',
      last_status: 200,
      last_error: null,
      response_excerpt: 'ok',
    });
    expect(target.requests).toHaveLength(1);
    const [{ headers, raw }] = target.requests;
    const [event] = await dataSource.query(`SELECT id, type, body FROM webhook_events WHERE id = $1`, [
      row.event_id,
    ]);
    expect(raw).toBe(event.body); // the stored bytes, as signed
    expect(headers['x-lottery-event-id']).toBe(event.id);
    expect(headers['x-lottery-event-type']).toBe('draw.published');
    expect(headers['x-lottery-delivery-id']).toBe(row.id);
    expect(signedBy(headers['x-lottery-signature'], raw, subscription.secret)).toBe(true);
    expect(signedBy(headers['x-lottery-signature'], raw, 'whsec_someone-else')).toBe(false);
  });

  it('sends a delivery again once the lease of an instance that died with it has run out', async () => {
    const target = await newTarget();
    const subscription = await subscribe(target.url);
    await publish(subscription.lottery);
    // Another instance claims it, then dies before sending.
    expect(await claimDue(dataSource, { slots: 1, leaseMs: 60_000, perAccount: 4 })).toHaveLength(1);

    const worker = newWorker();
    await worker.poll();
    // Not claimed again while the lease holds (a claim counts an attempt; the poll resolves once it has claimed).
    expect(await deliveriesOf(subscription.id)).toMatchObject([{ attempts: 1, status: 'pending' }]);
    await dataSource.query(
      `UPDATE webhook_deliveries SET locked_until = now() - interval '1 second' WHERE subscription_id = $1`,
      [subscription.id],
    );
    await worker.poll();
    expect(await recorded(subscription.id, 2)).toMatchObject({ status: 'delivered' });
    expect(target.requests).toHaveLength(1);
  });

  it('retries a failing target with exponential back-off, then gives up and disables the subscription', async () => {
    const target = await newTarget(500);
    const subscription = await subscribe(target.url);
    await publish(subscription.lottery);
    const worker = newWorker();
    // A little more than the base's multiple: the send and the record between the two timestamps.
    const slack = 5_000;

    await worker.poll();
    const first = await recorded(subscription.id, 1);
    expect(first).toMatchObject({ status: 'pending', last_status: 500, last_error: 'HTTP 500' });
    // Attempt n waits base × 2^(n−1), jittered over its upper half.
    expect(first.wait_ms).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2);
    expect(first.wait_ms).toBeLessThanOrEqual(RETRY_BASE_MS + slack);

    // Not due before its time: a poll now does not claim it.
    await worker.poll();
    expect(await deliveriesOf(subscription.id)).toMatchObject([{ attempts: 1 }]);
    // The wait, skipped.
    await dataSource.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE subscription_id = $1`,
      [subscription.id],
    );
    await worker.poll();
    const second = await recorded(subscription.id, 2);
    expect(second.status).toBe('pending');
    expect(second.wait_ms).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(second.wait_ms).toBeLessThanOrEqual(2 * RETRY_BASE_MS + slack);

    // Past the retry horizon after the event, the next failure is the last.
    await dataSource.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now(), created_at = now() - $2::int * interval '1 millisecond'
        WHERE subscription_id = $1`,
      [subscription.id, RETRY_HORIZON_MS + 60_000],
    );
    await worker.poll();
    expect(await recorded(subscription.id, 3)).toMatchObject({ status: 'failed', last_error: 'HTTP 500' });
    const [disabled] = await dataSource.query(
      `SELECT enabled, disabled_reason FROM webhook_subscriptions WHERE id = $1`,
      [subscription.id],
    );
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabled_reason).toMatch(/failed 3 times over \d+ minutes; last: HTTP 500$/);
    expect(target.requests).toHaveLength(3);
  });

  it("holds a disabled subscription's draw events (its tests still go) and sends nothing of a deleted one", async () => {
    const target = await newTarget();
    const disabled = await subscribe(target.url);
    await publish(disabled.lottery);
    await dataSource.query(`UPDATE webhook_subscriptions SET enabled = false WHERE id = $1`, [disabled.id]);
    // A test ping, written after the draw event, as the test route writes it.
    const pingId = randomUUID();
    await dataSource.query(`INSERT INTO webhook_events (id, type, body) VALUES ($1, $2, '{"ping":true}')`, [
      pingId,
      TEST_EVENT_TYPE,
    ]);
    await dataSource.query(`INSERT INTO webhook_deliveries (event_id, subscription_id) VALUES ($1, $2)`, [
      pingId,
      disabled.id,
    ]);
    const deleted = await subscribe(target.url);
    await publish(deleted.lottery);
    expect(await deliveriesOf(deleted.id)).toHaveLength(1);
    await dataSource.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [deleted.id]);

    const worker = newWorker();
    await worker.poll();
    await worker.beforeApplicationShutdown(); // every send claimed is done
    expect(target.requests.map((request) => request.headers['x-lottery-event-type'])).toEqual([
      TEST_EVENT_TYPE,
    ]);
    const [held, ping] = await deliveriesOf(disabled.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(ping).toMatchObject({ event_id: pingId, status: 'delivered' });
  });

  it('holds the deliveries of a disabled account until it is enabled again', async () => {
    const target = await newTarget();
    const subscription = await subscribe(target.url);
    await publish(subscription.lottery);
    await dataSource.query(`UPDATE accounts SET disabled = true WHERE id = $1`, [subscription.accountId]);
    const worker = newWorker();
    await worker.poll();
    // Never claimed (a claim counts an attempt; the poll resolves once it has claimed).
    expect(await deliveriesOf(subscription.id)).toMatchObject([{ attempts: 0, status: 'pending' }]);

    await dataSource.query(`UPDATE accounts SET disabled = false WHERE id = $1`, [subscription.accountId]);
    await worker.poll();
    expect(await recorded(subscription.id, 1)).toMatchObject({ status: 'delivered' });
  });

  describe('retention', () => {
    it('deletes finished deliveries past WEBHOOK_RETENTION_DAYS and the events left without one', async () => {
      const subscription = await subscribe('http://127.0.0.1:9/never-sent');
      for (const date of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'])
        await publish(subscription.lottery, date);
      const [oldDelivered, oldFailed, oldPending, recentDelivered] = await deliveriesOf(subscription.id);
      const set = (row: DeliveryRow, status: string, age: string) =>
        dataSource.query(
          `WITH d AS (UPDATE webhook_deliveries SET status = $2, created_at = now() - $3::interval WHERE id = $1
                      RETURNING event_id)
           UPDATE webhook_events SET created_at = now() - $3::interval WHERE id = (SELECT event_id FROM d)`,
          [row.id, status, age],
        );
      await set(oldDelivered, 'delivered', '31 days');
      await set(oldFailed, 'failed', '31 days');
      await set(oldPending, 'pending', '31 days'); // still retrying: kept, and its event with it
      await set(recentDelivered, 'delivered', '29 days');
      const orphan = randomUUID();
      await dataSource.query(
        `INSERT INTO webhook_events (id, type, body, created_at) VALUES ($1, 'draw.published', '{}', now() - interval '31 days')`,
        [orphan],
      );

      expect(await new WebhookRetention(dataSource, settings).prune()).toEqual({ deliveries: 2, events: 3 });
      expect((await deliveriesOf(subscription.id)).map((row) => row.id)).toEqual([
        oldPending.id,
        recentDelivered.id,
      ]);
      const events: { id: string }[] = await dataSource.query(`SELECT id FROM webhook_events`);
      expect(events.map((event) => event.id).sort()).toEqual(
        [oldPending.event_id, recentDelivered.event_id].sort(),
      );
    });
  });
});
