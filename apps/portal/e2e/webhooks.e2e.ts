import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { createLotteryViaApi, loginViaApi, utcDay } from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedName } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { goTo, heading, logIn, openLoggedIn, registerViaApi, uniqueEmail } from './support/portal';

/** Each test's settings for the API process (it inherits this environment), restored afterwards. */
const API_ENV = {
  // A failed delivery is retried a few times within 2.5 s, then fails for good (and a draw event's failure
  // disables its subscription), so that the log's "failed" and the service's reason can be seen within a test.
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_HORIZON_MS: '2500',
  // Small, so that the test reaches the maximum.
  MAX_WEBHOOKS_PER_ACCOUNT: '3',
  // This file sends six test pings and redeliveries from one account within about 20 s: the default 5/m (a
  // sliding estimate) left 0 for the last one, and refused it (429) when the sends fell differently across the
  // minute. The limit has its own spec in the API (webhook-limits.spec.ts); here it must not decide which ping
  // arrives.
  WEBHOOK_TEST_RATE_LIMIT: '60/m',
};

const COVERED = 'wh_covered';
const OTHER = 'wh_other';
/** A long answer without spaces: the excerpt must wrap, not widen the page. */
const FAILURE_BODY = `{"error":"receiver_down_for_maintenance","detail":"${'x'.repeat(300)}"}`;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

interface WebhookEventBody {
  id: string;
  type: string;
  createdAt: string;
  data: { lottery: string | null; draw: { date: string } | null };
}

/** A webhook receiver on 127.0.0.1 (allowed over http by the test API): records each request, answers as told. */
class Receiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, { status: number; body: string }>();
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const answer = this.answers.get(path) ?? { status: 200, body: 'thanks' };
        this.received.push({
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered: answer.status,
        });
        response.writeHead(answer.status, { 'Content-Type': 'text/plain' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((listening) => this.server?.listen(0, '127.0.0.1', listening));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(path: string, status: number, body = 'thanks'): void {
    this.answers.set(path, { status, body });
  }

  /** The requests to a path whose event matches, in arrival order. */
  events(path: string, match: (event: WebhookEventBody, request: Received) => boolean = () => true) {
    return this.received
      .filter((r) => r.path === path)
      .map((request) => ({ request, event: JSON.parse(request.body) as WebhookEventBody }))
      .filter(({ event, request }) => match(event, request));
  }

  /** Waits for a request to `path` whose event matches, and returns the first. */
  async waitFor(
    path: string,
    match: (event: WebhookEventBody, request: Received) => boolean,
    timeoutMs = 15_000,
  ): Promise<{ request: Received; event: WebhookEventBody }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [found] = this.events(path, match);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.received.map((r) => `${r.path} ${r.body.slice(0, 120)}`).join('\n');
        throw new Error(`no matching request to ${path} within ${timeoutMs} ms; received:\n${seen}`);
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }

  /** Waits for the request to `path` at this index (0: the first ever), and returns it. */
  async nth(path: string, index: number, timeoutMs = 15_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events(path)[index];
      if (found) return found.request;
      if (Date.now() > deadline) throw new Error(`no request #${index} to ${path} within ${timeoutMs} ms`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((closed) => (this.server ? this.server.close(() => closed()) : closed()));
  }
}

/** The `t` and every `v1` of `X-Lottery-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
function signature(request: Received): { t: string; v1: string[] } {
  const header = String(request.headers['x-lottery-signature'] ?? '');
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string]);
  return {
    t: parts.find(([key]) => key === 't')?.[1] ?? '',
    v1: parts.filter(([key]) => key === 'v1').map(([, value]) => value),
  };
}

/** Whether the request carries a v1 = hex HMAC-SHA256 of "<t>.<raw body>" keyed by `secret`, made just now. */
function signedBy(secret: string, request: Received): boolean {
  const { t, v1 } = signature(request);
  if (!/^\d+$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  return v1.includes(expected);
}

async function api<T>(
  baseUrl: string,
  method: string,
  path: string,
  jwt: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${jwt}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface WebhookRecord {
  id: string;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt?: string;
}

/**
 * The webhooks page against the real API and a receiver in this process: the secret shown once and used to
 * check each delivery's HMAC, a test ping and a draw written by an administrator arriving and logged as
 * delivered, a failing receiver's attempt (status and excerpt) and a redelivery once it recovers, the service's
 * reason for disabling a subscription, confirmations, rotation with a grace period, the API's refusals at their
 * fields, 375 px and axe.
 */
describe('portal: webhooks page', () => {
  let server: ApiServer;
  let browser: Browser;
  let page: Page;
  let adminJwt = '';
  let jwt = '';
  const receiver = new Receiver();
  const email = uniqueEmail('webhooks');
  const saved = Object.fromEntries(Object.keys(API_ENV).map((key) => [key, process.env[key]]));
  let mainUrl = '';
  let flakyUrl = '';
  let mainSecret = '';

  beforeAll(async () => {
    Object.assign(process.env, API_ENV);
    server = await startApi();
    await receiver.start();
    mainUrl = `${receiver.url}/main`;
    flakyUrl = `${receiver.url}/flaky`;
    browser = await launchBrowser();
    adminJwt = await loginViaApi(server.baseUrl, server.adminEmail, server.adminPassword);
    await createLotteryViaApi(server.baseUrl, adminJwt, { tag: COVERED, name: 'Webhook covered' });
    await createLotteryViaApi(server.baseUrl, adminJwt, { tag: OTHER, name: 'Webhook other' });
    await registerViaApi(server.baseUrl, email);
    jwt = await loginViaApi(server.baseUrl, email);
    page = await newPage(browser, server.baseUrl);
    await logIn(page, email);
    // The header leads there.
    await goTo(page, 'Webhooks', 'Webhooks');
  });

  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await browser?.close();
    await receiver.stop();
    await server?.stop();
  });

  const card = (url: string, on: Page = page): Locator => on.locator(`article[data-webhook-url="${url}"]`);
  const outcome = (url: string) => card(url).getByTestId('delivery-outcome');
  const rows = (url: string) => card(url).locator('tr[data-delivery-id]');
  const webhooks = async () =>
    (await api<{ webhooks: WebhookRecord[] }>(server.baseUrl, 'GET', '/profile/webhooks', jwt)).body.webhooks;
  const webhookFor = async (url: string): Promise<WebhookRecord> => {
    const found = (await webhooks()).find((w) => w.url === url);
    if (!found) throw new Error(`no webhook for ${url}`);
    return found;
  };
  async function putDraw(tag: string, date: string): Promise<void> {
    const put = await api(server.baseUrl, 'PUT', `/admin/lotteries/${tag}/draws/${date}`, adminJwt, {
      main: [1, 2, 3],
    });
    expect(put.status).toBe(201);
  }
  /** Fills and sends the form; the caller reads the dialog (or the errors) that follow. */
  async function submitForm(on: Page, url: string, lotteries = ''): Promise<void> {
    await on.getByLabel('Target URL').fill(url);
    // The lotteries are picked by name from the public directory (each labelled "Name (tag)").
    if (lotteries) {
      await on.getByLabel('Only the lotteries I choose').check();
      for (const tag of lotteries.split(/,\s*/))
        await on.getByRole('checkbox', { name: new RegExp(`\\(${tag}\\)$`) }).check();
    } else await on.getByLabel('Every lottery').check();
    await on.getByRole('button', { name: 'Create subscription' }).click();
  }
  /** The secret in the dialog that follows creation or rotation. */
  async function readSecret(on: Page, title: string): Promise<string> {
    const dialog = on.getByRole('dialog', { name: title });
    await dialog.getByText('you will not see it again').waitFor();
    const secret = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret.length).toBeGreaterThanOrEqual(20);
    return secret;
  }
  async function closeSecret(on: Page): Promise<void> {
    await on.getByRole('button', { name: 'I have saved it' }).click();
    await on.getByRole('dialog').waitFor({ state: 'detached' });
  }

  test('creating a subscription shows its secret once; a test ping arrives signed with it and is logged as delivered', async () => {
    await page.getByRole('checkbox', { name: /^draw\.published/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^draw\.published/ }).isChecked()).toBe(true);
    await submitForm(page, mainUrl, COVERED);
    mainSecret = await readSecret(page, 'Subscription created');
    const dialog = page.getByRole('dialog', { name: 'Subscription created' });
    // The "how to verify" snippet uses the SDK's helper.
    expect(await dialog.locator('pre').textContent()).toContain(
      'verifyWebhookSignature(process.env.LOTTERY_WEBHOOK_SECRET!, req.headers, req.body)',
    );
    await dialog.getByRole('button', { name: 'Copy the secret' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks-secret-dialog');
    await closeSecret(page);
    // Shown once: gone from the page with the dialog.
    expect(await page.locator('body').textContent()).not.toContain(mainSecret);

    const main = card(mainUrl);
    await main.waitFor();
    expect(await main.getByTestId('webhook-state').textContent()).toBe('Enabled');
    expect(await main.getByTestId('webhook-lotteries').textContent()).toBe(COVERED);
    expect(await main.getByText('draw.published, draw.corrected').count()).toBe(1);
    const stored = await webhookFor(mainUrl);
    expect(stored).toMatchObject({ enabled: true, disabledReason: null });

    await main.getByRole('button', { name: 'Send test ping' }).click();
    const { request, event } = await receiver.waitFor('/main', (e) => e.type === 'webhook.test');
    expect(request.headers['x-lottery-event-id']).toBe(event.id);
    expect(signedBy(mainSecret, request)).toBe(true);
    expect(signedBy(`${mainSecret}x`, request)).toBe(false);
    expect(event.data).toEqual({ lottery: null, draw: null });

    // The log opens by itself and follows the ping until it is delivered.
    await outcome(mainUrl)
      .getByText(/^Test ping: Delivered \(HTTP 200 in \d+ ms\)\.$/)
      .waitFor();
    const row = rows(mainUrl).first();
    expect(await row.getAttribute('data-state')).toBe('delivered');
    expect(await row.locator('th code').textContent()).toBe('webhook.test');
    expect(await row.getByTestId('delivery-attempt').textContent()).toMatch(/^HTTP 200 in \d+ ms/);
    expect(await row.getByTestId('delivery-excerpt').textContent()).toBe('thanks');
  });

  test('a draw an administrator writes on a covered lottery arrives as draw.published; another lottery’s does not', async () => {
    const otherDate = utcDay(-3);
    const coveredDate = utcDay(-2);
    await putDraw(OTHER, otherDate);
    await putDraw(COVERED, coveredDate);
    const { request, event } = await receiver.waitFor('/main', (e) => e.type === 'draw.published');
    expect(event.data.lottery).toBe(COVERED);
    expect(event.data.draw?.date).toBe(coveredDate);
    expect(signedBy(mainSecret, request)).toBe(true);
    expect(receiver.events('/main', (e) => e.data.lottery === OTHER)).toEqual([]);

    const main = card(mainUrl);
    await main.getByRole('button', { name: 'Refresh' }).click();
    const published = rows(mainUrl).filter({ has: page.locator('th code', { hasText: 'draw.published' }) });
    await card(mainUrl)
      .locator('tr[data-state="delivered"]')
      .filter({ has: page.locator('th code', { hasText: 'draw.published' }) })
      .waitFor();
    expect(await published.count()).toBe(1);
    // Newest first: the draw before the earlier ping.
    expect(await rows(mainUrl).first().locator('th code').textContent()).toBe('draw.published');
  });

  test('a receiver answering 500 shows a failed attempt with its status and excerpt; Redeliver after it recovers is delivered', async () => {
    receiver.answer('/flaky', 500, FAILURE_BODY);
    await submitForm(page, flakyUrl);
    await readSecret(page, 'Subscription created');
    await closeSecret(page);
    const flaky = card(flakyUrl);
    expect(await flaky.getByTestId('webhook-lotteries').textContent()).toBe('all lotteries');

    await flaky.getByRole('button', { name: 'Send test ping' }).click();
    // Retried within the (short) horizon, then failed for good; the log follows by itself.
    await outcome(flakyUrl)
      .getByText(/^Test ping: Failed \(HTTP 500 in \d+ ms\)\.$/)
      .waitFor();
    const failed = rows(flakyUrl).first();
    expect(await failed.getAttribute('data-state')).toBe('failed');
    expect(await failed.getByTestId('delivery-attempt').textContent()).toMatch(/^HTTP 500 in \d+ ms/);
    expect(await failed.getByTestId('delivery-excerpt').textContent()).toBe(FAILURE_BODY);
    expect(await failed.getByText('HTTP 500', { exact: true }).count()).toBe(1);
    const attempts = Number(
      /(\d+) attempts?/.exec((await failed.locator('td').first().textContent()) ?? '')?.[1],
    );
    expect(attempts).toBeGreaterThanOrEqual(2);
    const failedId = await failed.getAttribute('data-delivery-id');
    const pings = receiver.events('/flaky', (e) => e.type === 'webhook.test');
    expect(pings.length).toBe(attempts);
    expect(pings.every(({ request }) => request.answered === 500)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    receiver.answer('/flaky', 200, 'back again');
    await failed.getByRole('button', { name: /^Redeliver/ }).click();
    await outcome(flakyUrl)
      .getByText(/^Redelivery of webhook\.test: Delivered \(HTTP 200 in \d+ ms\)\.$/)
      .waitFor();
    const newest = rows(flakyUrl).first();
    expect(await newest.getAttribute('data-delivery-id')).not.toBe(failedId);
    expect(await newest.getAttribute('data-state')).toBe('delivered');
    expect(await newest.getByTestId('delivery-excerpt').textContent()).toBe('back again');
    // The same event again (receivers deduplicate on its id), now answered 200.
    const again = receiver.events('/flaky', (e) => e.type === 'webhook.test');
    expect(again.at(-1)?.request.answered).toBe(200);
    expect(new Set(again.map(({ event }) => event.id)).size).toBe(1);
    // The failed delivery stays in the log.
    expect(await rows(flakyUrl).nth(1).getAttribute('data-state')).toBe('failed');
  });

  test('a subscription the service disabled says why, prominently; enabling it again clears the reason', async () => {
    receiver.answer('/flaky', 503, 'still broken');
    await putDraw(OTHER, utcDay(-1));
    // The draw event fails for good and the service disables the subscription.
    const deadline = Date.now() + 20_000;
    let record = await webhookFor(flakyUrl);
    while (record.enabled && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 250));
      record = await webhookFor(flakyUrl);
    }
    expect(record.enabled).toBe(false);
    expect(record.disabledReason).toMatch(/HTTP 503/);

    const flaky = card(flakyUrl);
    await flaky.getByRole('button', { name: 'Refresh' }).click();
    const reason = flaky.getByTestId('disabled-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toContain(record.disabledReason);
    expect(await reason.textContent()).toContain('The service disabled this subscription');
    expect(await flaky.getByTestId('webhook-state').textContent()).toBe('Disabled');
    const drawRow = rows(flakyUrl).filter({ has: page.locator('th code', { hasText: 'draw.published' }) });
    expect(await drawRow.getAttribute('data-state')).toBe('failed');
    expect(await drawRow.getByTestId('delivery-excerpt').textContent()).toBe('still broken');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks');

    // Enabling is not asked first; it clears the service's reason.
    receiver.answer('/flaky', 200, 'fixed');
    await flaky.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('status').getByText(`Subscription to ${flakyUrl} enabled`).waitFor();
    await reason.waitFor({ state: 'detached' });
    expect(await flaky.getByTestId('webhook-state').textContent()).toBe('Enabled');
    expect(await webhookFor(flakyUrl)).toMatchObject({ enabled: true, disabledReason: null });

    await drawRow.getByRole('button', { name: /^Redeliver/ }).click();
    await outcome(flakyUrl)
      .getByText(/^Redelivery of draw\.published: Delivered \(HTTP 200 in \d+ ms\)\.$/)
      .waitFor();
    await receiver.waitFor('/flaky', (e, r) => e.type === 'draw.published' && r.answered === 200);
  });

  test('disabling asks for confirmation first', async () => {
    const main = card(mainUrl);
    await main.getByRole('button', { name: 'Disable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable this subscription?' });
    await confirm.getByText(mainUrl).waitFor();
    // The safe choice has the focus.
    expect(await focusedName(page)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await webhookFor(mainUrl)).enabled).toBe(true);
    expect(await main.getByTestId('webhook-state').textContent()).toBe('Enabled');

    await main.getByRole('button', { name: 'Disable' }).click();
    await confirm.getByRole('button', { name: 'Disable subscription' }).click();
    await page.getByRole('status').getByText(`Subscription to ${mainUrl} disabled`).waitFor();
    await main.getByRole('button', { name: 'Enable' }).waitFor();
    expect(await main.getByTestId('webhook-state').textContent()).toBe('Disabled');
    expect(await webhookFor(mainUrl)).toMatchObject({ enabled: false, disabledReason: null });
    // Disabled by its owner: no reason from the service.
    expect(await main.getByTestId('disabled-reason').count()).toBe(0);

    await main.getByRole('button', { name: 'Enable' }).click();
    await main.getByRole('button', { name: 'Disable' }).waitFor();
    expect((await webhookFor(mainUrl)).enabled).toBe(true);
  });

  test('rotating the secret shows a new one once; during the grace period deliveries carry both signatures', async () => {
    const main = card(mainUrl);
    await main.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByLabel('Keep signing with the current secret').selectOption({ label: 'For 1 hour' });
    await confirm.getByText('also signed with the current secret for 1 hour').waitFor();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await readSecret(page, 'Signing secret rotated');
    expect(rotated).not.toBe(mainSecret);
    expect(await page.getByTestId('previous-webhook-secret').textContent()).toMatch(
      /^The previous secret also signs every delivery until .+ \(in 60 minutes\): switch your receiver/,
    );
    await closeSecret(page);
    await main.getByTestId('previous-secret-until').waitFor();
    const grace =
      new Date((await webhookFor(mainUrl)).previousSecretExpiresAt as string).getTime() - Date.now();
    expect(grace).toBeGreaterThan(3_590_000);
    expect(grace).toBeLessThanOrEqual(3_600_000);

    const before = receiver.events('/main').length;
    await main.getByRole('button', { name: 'Send test ping' }).click();
    const ping = await receiver.nth('/main', before);
    expect(JSON.parse(ping.body).type).toBe('webhook.test');
    expect(signature(ping).v1).toHaveLength(2);
    expect(signedBy(rotated, ping)).toBe(true);
    expect(signedBy(mainSecret, ping)).toBe(true);

    // Without a grace period the secret it replaces stops signing at once.
    await main.getByRole('button', { name: 'Rotate secret' }).click();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const third = await readSecret(page, 'Signing secret rotated');
    expect(await page.getByTestId('previous-webhook-secret').textContent()).toBe(
      'The previous secret no longer signs: deliveries carry this one only.',
    );
    await closeSecret(page);
    await main.getByTestId('previous-secret-until').waitFor({ state: 'detached' });
    const count = receiver.events('/main').length;
    await main.getByRole('button', { name: 'Send test ping' }).click();
    const newest = await receiver.nth('/main', count);
    expect(signature(newest).v1).toHaveLength(1);
    expect(signedBy(third, newest)).toBe(true);
    expect(signedBy(rotated, newest)).toBe(false);
    mainSecret = third;
  });

  // An unknown lottery cannot be sent any more: the lotteries are picked from the list (webhooks-edit.e2e.ts).
  test('the API’s refusal is shown at its field: https only', async () => {
    const countBefore = (await webhooks()).length;
    await submitForm(page, 'http://example.com/hook');
    await page.getByText('The address must start with https://.').waitFor();
    expect(await fieldState(page, 'Target URL')).toEqual({
      invalid: true,
      description:
        'The address must start with https://. | A public https address: the service POSTs each event to it.',
    });
    expect(await focusedName(page)).toBe('Target URL');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await webhooks()).length).toBe(countBefore);
  });

  test('at the maximum the API’s refusal is shown; deleting asks first and frees a place', async () => {
    const spareUrl = `${receiver.url}/spare`;
    const created = await api(server.baseUrl, 'POST', '/profile/webhooks', jwt, {
      url: spareUrl,
      events: ['draw.published'],
    });
    expect(created.status).toBe(201);
    await page.reload();
    await heading(page, 'Webhooks');
    await card(spareUrl).waitFor();

    await submitForm(page, `${receiver.url}/fourth`);
    await page.getByRole('alert').getByText('You have reached the maximum number of webhooks.').waitFor();
    expect((await webhooks()).length).toBe(3);

    await card(spareUrl).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this subscription?' });
    await confirm.getByText(spareUrl).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await webhooks()).some((w) => w.url === spareUrl)).toBe(true);

    await card(spareUrl).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete subscription' }).click();
    await card(spareUrl).waitFor({ state: 'detached' });
    await page.getByRole('status').getByText(`Subscription to ${spareUrl} deleted.`).waitFor();
    expect((await webhooks()).some((w) => w.url === spareUrl)).toBe(false);

    // The place is free again: the same form now creates it.
    await page.getByRole('button', { name: 'Create subscription' }).click();
    await readSecret(page, 'Subscription created');
    await closeSecret(page);
    await card(`${receiver.url}/fourth`).waitFor();
  });

  test('at 375 px nothing scrolls sideways: cards, the delivery log with a long excerpt, the secret dialog', async () => {
    const small = await newPage(browser, server.baseUrl, { width: 375, height: 740 });
    await openLoggedIn(small, { apiBaseUrl: server.baseUrl, email, route: '#/webhooks', title: 'Webhooks' });
    const flaky = card(flakyUrl, small);
    await flaky.getByRole('button', { name: 'Show deliveries' }).click();
    await flaky
      .getByTestId('delivery-excerpt')
      .filter({ hasText: 'receiver_down_for_maintenance' })
      .waitFor();
    await expectNoSideScroll(small);
    const rightEdges = await small
      .locator('main article, main table td, main table th')
      .evaluateAll((boxes) => boxes.map((box) => Math.ceil(box.getBoundingClientRect().right)));
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'webhooks-375');

    await flaky.getByRole('button', { name: 'Rotate secret' }).click();
    await small.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    await readSecret(small, 'Signing secret rotated');
    await expectNoSideScroll(small);
    expect(await seriousViolations(small)).toEqual([]);
    await closeSecret(small);
    await small.context().close();
  });
});
