import type { Browser, Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import {
  adminLottery,
  createLotteryViaApi,
  createTokenViaApi,
  dailySchedule,
  loginViaApi,
  utcDay,
} from './support/api-calls';
import { startApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectedNextDraw, expectedStale } from './support/draw-calendar';
import { fieldState } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { goTo, logIn, readSecretFromDialog, registerViaApi, uniqueEmail } from './support/portal';

const SNIPPETS = ['curl', 'JavaScript (fetch)', 'TypeScript (SDK)', 'Python (requests)'];

async function snippet(page: Page, title: string): Promise<string> {
  return (await page.getByRole('region', { name: title }).locator('pre').textContent()) ?? '';
}

/**
 * "Try it" with two tokens: "made-here", created in this tab (its secret is remembered and filled in), and
 * "made-elsewhere", created through the API (its secret must be pasted).
 */
describe('portal: Try it', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let jwt = '';
  let adminJwt = '';
  let hereSecret = '';
  let elsewhereSecret = '';

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    const email = uniqueEmail('try');
    await registerViaApi(api.baseUrl, email);
    jwt = await loginViaApi(api.baseUrl, email);
    elsewhereSecret = await createTokenViaApi(api.baseUrl, jwt, { id: 'made-elsewhere' });
    // Two lotteries drawn every day at 00:00 UTC: one has today's draw, the other only yesterday's, within a
    // week-long publication window.
    adminJwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    const week = 7 * 24 * 60;
    await createLotteryViaApi(api.baseUrl, adminJwt, {
      tag: 'e2e_daily_current',
      name: 'Daily (current)',
      schedule: dailySchedule(week),
      draws: [utcDay(-1), utcDay(0)],
    });
    await createLotteryViaApi(api.baseUrl, adminJwt, {
      tag: 'e2e_daily_awaiting',
      name: 'Daily (awaiting)',
      schedule: dailySchedule(week),
      draws: [utcDay(-1)],
    });
    page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    await goTo(page, 'Tokens', 'API tokens');
    await page.getByLabel('Token id').fill('made-here');
    await page.getByRole('button', { name: 'Create token' }).click();
    hereSecret = await readSecretFromDialog(page);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  test("another token's secret is refused at its field, and nothing is sent with it", async () => {
    await goTo(page, 'Try it', 'Try it');
    // Created in this tab, "made-here" is in use at once, its secret filled in.
    await page.getByText(`Using token “made-here” (${hereSecret.slice(0, 8)}…)`).waitFor();
    expect(await page.getByLabel('Token', { exact: true }).inputValue()).toBe('made-here');
    expect(await page.getByLabel('Token secret').inputValue()).toBe(hereSecret);
    const lotteryCalls: string[] = [];
    const record = (request: { url(): string }) => {
      if (/\/lotter(y|ies)/.test(new URL(request.url()).pathname)) lotteryCalls.push(request.url());
    };
    page.on('request', record);

    await page.getByLabel('Token secret').fill(elsewhereSecret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText('This is the secret of token “made-elsewhere”, not of “made-here”.').waitFor();
    const state = await fieldState(page, 'Token secret');
    expect(state.invalid).toBe(true);
    expect(state.description).toContain(
      `Choose “made-elsewhere” above, or paste the secret of “made-here”, which starts with ${hereSecret.slice(0, 8)}.`,
    );
    expect(await page.getByText('Using token “made-elsewhere”').count()).toBe(0);

    await page.getByLabel('Token secret').fill('lr_not-a-secret-of-mine');
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText('This is not the secret of token “made-here”').waitFor();
    page.off('request', record);
    expect(lotteryCalls).toEqual([]);
  });

  test('the banner names the token whose secret is sent, and every call carries that secret', async () => {
    const sentWith: string[] = [];
    const record = (request: { url(): string; headers(): Record<string, string> }) => {
      if (/\/lotter(y|ies)/.test(new URL(request.url()).pathname))
        sentWith.push(request.headers()['x-api-token'] ?? '(none)');
    };
    page.on('request', record);
    await page.getByLabel('Token', { exact: true }).selectOption('made-elsewhere');
    // Choosing a token drops what was typed for the previous one, and its error.
    expect(await page.getByLabel('Token secret').inputValue()).toBe('');
    expect((await fieldState(page, 'Token secret')).invalid).toBe(false);
    await page.getByLabel('Token secret').fill(elsewhereSecret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “made-elsewhere” (${elsewhereSecret.slice(0, 8)}…)`).waitFor();
    await page.getByLabel('Lottery').selectOption('us_powerball');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    page.off('request', record);

    // The lottery list (at least one page) and the draws: all with made-elsewhere's secret.
    expect(sentWith.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sentWith)).toEqual(new Set([elsewhereSecret]));
  });

  test("the chosen lottery's freshness, in words and colour, and its next draw in its own zone", async () => {
    const status = page.getByTestId('lottery-status');
    const badge = status.locator('[data-freshness]');
    const colours: string[] = [];
    const expectStatus = async (tag: string, text: string, nextDraw: string) => {
      await page.getByLabel('Lottery').selectOption(tag);
      await badge.getByText(text, { exact: true }).waitFor();
      expect(await status.locator('time').textContent()).toBe(nextDraw);
      colours.push(await badge.evaluate((el) => getComputedStyle(el).backgroundColor));
    };

    // The next draw of a daily 00:00 UTC draw is tomorrow's.
    const tomorrow = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${utcDay(1)}T12:00:00Z`));
    await expectStatus('e2e_daily_current', 'Current', `${tomorrow}, 00:00 (UTC)`);
    await expectStatus('e2e_daily_awaiting', 'Awaiting results', `${tomorrow}, 00:00 (UTC)`);
    // The bundled draws end months ago: stale, by as many days as the API says.
    const powerball = await adminLottery(api.baseUrl, adminJwt, 'us_powerball');
    const nextPowerball = expectedNextDraw(powerball, 'America/New_York', 'New York');
    expect(nextPowerball).toMatch(/^(Mon|Wed|Sat) \d{1,2} [A-Z][a-z]{2}, 22:59 \(New York\)$/);
    await expectStatus('us_powerball', expectedStale(powerball), nextPowerball);
    // Each state has its own colour, besides its words.
    expect(new Set(colours).size).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a pasted secret is in the snippets, and the fetch snippet runs as shown', async () => {
    await page.getByRole('heading', { name: '3. The same call in your code' }).waitFor();
    for (const title of SNIPPETS) {
      const code = await snippet(page, title);
      expect(code).toContain(api.baseUrl);
      expect(code).toContain(elsewhereSecret);
      expect(code).toContain('token "made-elsewhere"');
    }
    expect(await snippet(page, 'Python (requests)')).toContain(`TOKEN = "${elsewhereSecret}"`);
    expect(await snippet(page, 'Python (requests)')).toContain('"X-API-Token": TOKEN');
    expect(await snippet(page, 'curl')).toContain(`'${api.baseUrl}/lottery/us_powerball/draws?limit=5'`);

    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', await snippet(page, 'JavaScript (fetch)')],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \[/);
  });

  test('a secret filled in from memory stays out of the snippets: the prefix names the token', async () => {
    await page.getByLabel('Token', { exact: true }).selectOption('made-here');
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “made-here” (${hereSecret.slice(0, 8)}…)`).waitFor();
    await page.getByLabel('Draws', { exact: true }).fill('3');
    await page.getByLabel('Sort numbers').check();
    for (const title of SNIPPETS) {
      const code = await snippet(page, title);
      expect(code).toContain(api.baseUrl);
      expect(code).toContain(`${hereSecret.slice(0, 8)}…`);
      expect(code).toContain('token "made-here"');
      expect(code).not.toContain(hereSecret);
      expect(code).not.toContain(elsewhereSecret);
    }
    expect(await snippet(page, 'curl')).toContain(`/lottery/us_powerball/draws?limit=3&sort_number=true`);
    expect(await snippet(page, 'Python (requests)')).toContain('params={"limit": 3, "sort_number": "true"}');
    expect(await snippet(page, 'TypeScript (SDK)')).toContain(`{ limit: 3, sortNumber: true }`);
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    await screenshot(page, 'try-it');
  });

  test('at 375 px the snippets scroll in their boxes, not the page', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('region', { name: 'Python (requests)' }).scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('a draws table too wide for the screen scrolls in its own box, which says so and takes the focus', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    // Many numbers in a row: forced here, as a lottery of many numbers would make it.
    await page.addStyleTag({ content: 'main table { min-width: 40rem; }' });
    const box = page.getByRole('region', { name: /^Latest draws of .+ \(scrolls sideways\)$/ });
    await box.waitFor();
    expect(await box.getAttribute('tabindex')).toBe('0');
    await page.getByText('Scroll sideways to see every column →').waitFor();
    await expectNoSideScroll(page);
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
