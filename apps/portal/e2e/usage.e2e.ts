import type { Browser, Page, Request } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import {
  createTokenViaApi,
  findAccount,
  loginViaApi,
  meteredRequest,
  putLicense,
  updateAccount,
} from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll, setTabHidden } from './support/layout';
import { heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

const POLL_MS = 15_000;

const PRIMARY_BLUE = 'rgb(31, 95, 191)';

/**
 * The dashboard's usage: it follows traffic made from outside the browser without a reload (the page's clock is
 * driven by the test, so a poll happens exactly when the test says), warns at 80 % and 100 % of the quota, and
 * shows the month by outcome, by token and on a chart with a labelled y-axis.
 */
describe('portal: usage at a glance', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('usage');
  let alpha = '';
  let beta = '';
  const usageReads: Request[] = [];

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const admin = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    await putLicense(api.baseUrl, admin, {
      name: 'ten',
      monthlyQuota: 10,
      perSecond: 20,
      perMinute: 1200,
      perHour: 72000,
    });
    await registerViaApi(api.baseUrl, email);
    const account = await findAccount(api.baseUrl, admin, email);
    await updateAccount(api.baseUrl, admin, account.id, { license: 'ten' });
    const jwt = await loginViaApi(api.baseUrl, email);
    alpha = await createTokenViaApi(api.baseUrl, jwt, { id: 'alpha' });
    beta = await createTokenViaApi(api.baseUrl, jwt, { id: 'beta' });

    page = await newPage(browser, api.baseUrl);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/profile/usage') usageReads.push(request);
    });
    // Timers and Date under the test's control (time still flows); installed before the portal loads.
    await page.clock.install();
    await logIn(page, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Moves the page's clock past one poll and waits for the read it triggers to be answered. */
  async function nextPoll(): Promise<void> {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/profile/usage');
    await page.clock.fastForward(POLL_MS);
    await answered;
  }

  test('the month follows traffic made elsewhere without a reload: total, outcomes, tokens, y-axis', async () => {
    const used = page.getByTestId('usage-used');
    await page.getByText('Live: updated at').waitFor();
    expect(await used.textContent()).toBe('0');
    const documentsLoaded = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    expect(await meteredRequest(api.baseUrl, alpha)).toBe(200);
    expect(await meteredRequest(api.baseUrl, alpha)).toBe(200);
    expect(await meteredRequest(api.baseUrl, alpha, false)).toBe(404);
    expect(await meteredRequest(api.baseUrl, beta)).toBe(200);
    await nextPoll();

    await page.getByTestId('usage-used').getByText('4', { exact: true }).waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      documentsLoaded,
    );
    // 40 %: no warning yet.
    expect(await page.locator('[data-quota-level]').getAttribute('data-quota-level')).toBe('ok');
    expect(await page.getByText('of this month’s quota').count()).toBe(0);

    expect(await page.getByTestId('outcomes').locator('dd').allTextContents()).toEqual([
      '3 (75 %)',
      '1 (25 %)',
    ]);
    const byToken = page.getByTestId('token-usage');
    // Token, status, requests, successful, errors, share of the month.
    expect(
      await byToken
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent))),
    ).toEqual([
      ['alpha', 'Active', '3', '2', '1', '75 %'],
      ['beta', 'Active', '1', '1', '0', '25 %'],
    ]);

    // The y-axis: labelled round ticks from 0 to the busiest day (4 requests), and a title.
    const chart = page.locator('svg.chart');
    expect(await chart.locator('.y-tick text').allTextContents()).toEqual(['0', '1', '2', '3', '4']);
    expect(await chart.locator('.axis-title').textContent()).toBe('Requests');
    // Today's bar: the successes, with the error stacked on top in its own colour.
    expect(await chart.locator('rect.bar:not(.errors)').count()).toBe(1);
    expect(await chart.locator('rect.bar.errors').count()).toBe(1);
    await page.getByRole('img', { name: /4 requests in \d{4}-\d{2} \(3 successful, 1 error\)/ }).waitFor();
  });

  test('from 80 % the card warns, and at 100 % it says the tokens are refused; the bar is no longer blue', async () => {
    for (let i = 0; i < 4; i += 1) expect(await meteredRequest(api.baseUrl, alpha)).toBe(200);
    await nextPoll();
    const card = page.locator('[data-quota-level]');
    await page.locator('[data-quota-level="warning"]').waitFor();
    const warning = card.getByRole('status');
    expect(await warning.textContent()).toMatch(
      /^You have used 80 % of this month’s quota\. It resets in .+; if you need more before then, ask an administrator to change your account’s license\.$/,
    );
    const bar = card.locator('.meter > span');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(183, 110, 0)');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard');

    for (let i = 0; i < 2; i += 1) expect(await meteredRequest(api.baseUrl, beta)).toBe(200);
    // The 11th request is refused: what the card is about to say.
    expect(await meteredRequest(api.baseUrl, beta)).toBe(403);
    await nextPoll();
    await page.locator('[data-quota-level="exhausted"]').waitFor();
    expect(await card.getByRole('alert').textContent()).toMatch(
      /^You have used all of this month’s quota: your tokens’ requests are refused \(403\) until it resets in .+\. An administrator can change your account’s license to raise it\.$/,
    );
    const colour = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe(PRIMARY_BLUE);
    expect(colour).toBe('rgb(180, 35, 24)');
    expect(await bar.evaluate((el) => el.style.width)).toBe('100%');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-quota-used-up');
  });

  test('polling stops while the tab is hidden, resumes at once when it is shown, and never overlaps', async () => {
    await setTabHidden(page, true);
    const whileHidden = usageReads.length;
    await page.clock.fastForward(4 * POLL_MS);
    await page.waitForTimeout(500);
    expect(usageReads.length).toBe(whileHidden);

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/profile/usage');
    await setTabHidden(page, false);
    await answered;
    expect(usageReads.length).toBe(whileHidden + 1);

    // Hold the next read: more polls falling due and the tab shown again must not start a second one.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/profile/usage*', async (route) => {
      await held;
      await route.continue();
    });
    const heldRead = page.waitForRequest((r) => new URL(r.url()).pathname === '/profile/usage');
    await page.clock.fastForward(POLL_MS);
    await heldRead;
    const pending = usageReads.length;
    await page.clock.fastForward(4 * POLL_MS);
    await setTabHidden(page, false);
    await page.waitForTimeout(500);
    expect(usageReads.length).toBe(pending);

    const releasedAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/profile/usage');
    release();
    await releasedAnswer;
    await page.unroute('**/profile/usage*');
    // No read of its own follows the released one: the next comes with the next poll.
    await page.waitForTimeout(300);
    expect(usageReads.length).toBe(pending);
    await nextPoll();
    expect(usageReads.length).toBe(pending + 1);
  });

  test('at 375 px the dashboard fits the screen, the per-token table as stacked rows', async () => {
    const small = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await logIn(small, email);
    await small.getByTestId('token-usage').waitFor();
    await expectNoSideScroll(small);
    expect(
      await small
        .locator('[data-testid="token-usage"] tbody tr')
        .first()
        .evaluate((r) => getComputedStyle(r).display),
    ).toBe('block');
    await screenshot(small, 'dashboard-375');
    await small.context().close();
  });

  test('with the API down the dashboard shows one error, and its Retry runs both loads again', async () => {
    // An account of its own: this one's used-up quota is an alert of its own on the dashboard.
    const other = uniqueEmail('usage-down');
    await registerViaApi(api.baseUrl, other);
    const down = await newPage(browser, api.baseUrl);
    await logIn(down, other);
    await down.getByText('Live: updated at').waitFor();
    const reads = { profile: 0, usage: 0 };
    let failing = true;
    const isLoad = (url: URL) => url.pathname === '/profile' || url.pathname === '/profile/usage';
    await down.route(isLoad, (route) => {
      if (new URL(route.request().url()).pathname === '/profile') reads.profile += 1;
      else reads.usage += 1;
      return failing ? route.abort('connectionrefused') : route.continue();
    });
    const alerts = down.getByRole('alert');

    // Back to the dashboard (the session keeps its profile): the profile and the usage are read again, and fail
    // (tried again by themselves a couple of times first, as the service may just be restarting).
    await down.goto('#/tokens');
    await heading(down, 'API tokens');
    await down.goto('#/');
    await heading(down, 'Dashboard');
    await alerts.waitFor();
    expect(reads.profile).toBeGreaterThan(0);
    expect(reads.usage).toBeGreaterThan(0);
    await down.waitForTimeout(500);
    expect(await alerts.count()).toBe(1);
    expect(await down.getByText('The service cannot be reached').count()).toBe(1);

    const before = { ...reads };
    const failedAgain = (path: string) =>
      down.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === path);
    const both = Promise.all([failedAgain('/profile'), failedAgain('/profile/usage')]);
    await down.getByRole('button', { name: 'Retry' }).click();
    await both;
    expect(reads.profile).toBeGreaterThan(before.profile);
    expect(reads.usage).toBeGreaterThan(before.usage);
    expect(await alerts.count()).toBe(1);

    failing = false;
    const answered = down.waitForResponse((r) => new URL(r.url()).pathname === '/profile/usage');
    await down.getByRole('button', { name: 'Retry' }).click();
    await answered;
    await alerts.waitFor({ state: 'detached' });
    await down.getByText('Live: updated at').waitFor();
    await down.context().close();
  });
});
