import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LotteryClient, verifyWebhookSignature, type WebhookEvent } from '../src';
import { adminClient, apiError, collect, registerUser } from './support/fixtures';

const sign = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('verifyWebhookSignature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"1","type":"webhook.test"}';
  const now = new Date('2026-11-22T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const header = (value: string) => ({ 'X-Lottery-Signature': value });

  it('accepts the raw body signed by the secret, as text or bytes, from a record or Headers', async () => {
    const value = `t=${t},v1=${sign(secret, t, body)}`;
    expect(await verifyWebhookSignature(secret, header(value), body, { now })).toBe(true);
    expect(await verifyWebhookSignature(secret, header(value), new TextEncoder().encode(body), { now })).toBe(
      true,
    );
    expect(await verifyWebhookSignature(secret, new Headers(header(value)), body, { now })).toBe(true);
    expect(await verifyWebhookSignature(secret, { 'x-lottery-signature': [value] }, body, { now })).toBe(
      true,
    );
  });

  it('accepts any of several v1 signatures (a rotation grace period)', async () => {
    const value = `t=${t},v1=${sign('whsec_new', t, body)},v1=${sign(secret, t, body)}`;
    expect(await verifyWebhookSignature(secret, header(value), body, { now })).toBe(true);
    expect(await verifyWebhookSignature('whsec_new', header(value), body, { now })).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp, and malformed headers', async () => {
    const value = `t=${t},v1=${sign(secret, t, body)}`;
    expect(await verifyWebhookSignature(secret, header(value), `${body} `, { now })).toBe(false);
    expect(await verifyWebhookSignature('whsec_other', header(value), body, { now })).toBe(false);
    const late = new Date(now.getTime() + 301_000);
    expect(await verifyWebhookSignature(secret, header(value), body, { now: late })).toBe(false);
    expect(
      await verifyWebhookSignature(secret, header(value), body, { now: late, toleranceSeconds: 600 }),
    ).toBe(true);
    for (const bad of [
      '',
      `v1=${sign(secret, t, body)}`,
      `t=${t}`,
      `t=${t},v1=zz`,
      `t=abc,v1=${sign(secret, t, body)}`,
    ])
      expect(await verifyWebhookSignature(secret, header(bad), body, { now })).toBe(false);
    expect(await verifyWebhookSignature(secret, {}, body, { now })).toBe(false);
  });
});

describe('webhooks through the client', () => {
  let admin: LotteryClient;

  beforeAll(async () => {
    admin = await adminClient();
  });

  it('subscribes, receives a signed event when a draw is written, and reads the delivery log', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; raw: string }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const user = await registerUser('webhooks');
      const hook = await user.account.webhooks.create({
        url: `http://127.0.0.1:${port}/hook`,
        events: ['draw.published'],
        lotteries: ['uk_lotto'],
      });
      expect(hook.secret).toMatch(/^whsec_/);
      expect((await collect(user.account.webhooks())).map((w) => w.id)).toEqual([hook.id]);

      await admin.admin.draws.put('uk_lotto', '2026-11-21', { main: [1, 2, 3, 4, 5, 6], special: [7] });
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(await verifyWebhookSignature(hook.secret, delivery.headers, delivery.raw)).toBe(true);
      const event = JSON.parse(delivery.raw) as WebhookEvent<{ date: string }>;
      expect(event).toMatchObject({
        type: 'draw.published',
        data: { lottery: 'uk_lotto', draw: { date: '2026-11-21' } },
      });
      expect(delivery.headers['x-lottery-event-id']).toBe(event.id);

      const log = await user.account.webhooks.deliveries(hook.id);
      expect(log.deliveries?.[0]).toMatchObject({ eventId: event.id, status: 'delivered', lastStatus: 200 });

      const refused = await apiError(
        user.account.webhooks.create({ url: 'https://169.254.169.254/', events: ['draw.published'] }),
      );
      expect(refused).toMatchObject({
        status: 400,
        message: "Invalid 'url' value. Webhook targets must be public internet addresses.",
      });
      await user.account.webhooks.delete(hook.id);
      expect((await apiError(user.account.webhooks.get(hook.id))).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
