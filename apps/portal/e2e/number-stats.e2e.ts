import type { Browser, Locator, Page } from 'playwright-core';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedHeading, focusedName } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { goTo, logIn, registerViaApi, uniqueEmail } from './support/portal';

interface ValueStats {
  value: number;
  count: number;
  frequency: number;
  lastDrawn: string | null;
  drawsSince: number;
  longestGap: number;
}
interface NumberStats {
  lottery: string;
  from: string;
  to: string | null;
  draws: number;
  main: ValueStats[];
  special: ValueStats[] | null;
}

/** The page's "Number statistics" results. */
function results(page: Page): Locator {
  return page.getByRole('region', { name: /: statistics$/ });
}

/** A table row's cells, as text: value, count, frequency, last drawn, draws since, longest gap. */
async function tableRow(page: Page, group: 'main' | 'special', value: number): Promise<string[]> {
  return page
    .getByTestId(`stats-table-${group}`)
    .locator(`tbody tr[data-value="${value}"] > *`)
    .allTextContents();
}

function expectedRow(v: ValueStats): string[] {
  return [
    String(v.value),
    v.count.toLocaleString('en-US'),
    `${(v.frequency * 100).toFixed(1)} %`,
    v.lastDrawn ?? 'never',
    v.drawsSince.toLocaleString('en-US'),
    v.longestGap.toLocaleString('en-US'),
  ];
}

/** The hottest value as the API's figures make it: the highest count, the smaller value on a tie. */
function hottest(values: ValueStats[]): ValueStats {
  return [...values].sort((a, b) => b.count - a.count || a.value - b.value)[0];
}

/**
 * "Number statistics": per value of a lottery, its count, frequency, last draw and gaps over a window, as a
 * chart with a table alternative and hot / cold / absent lists, all as the API answers with the same token.
 */
describe('portal: Number statistics', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let secret = '';

  /** The API's own answer, with the token the page uses. */
  async function apiStats(query = ''): Promise<NumberStats> {
    const response = await fetch(`${api.baseUrl}/lottery/us_powerball/stats${query}`, {
      headers: { 'X-API-Token': secret },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as NumberStats;
  }

  async function expectFigures(expected: NumberStats): Promise<void> {
    const summary = page.getByTestId('stats-summary');
    await page
      .getByText(`${expected.draws.toLocaleString('en-US')} draws from ${expected.from} to ${expected.to}.`)
      .waitFor();
    expect(await summary.getAttribute('role')).toBe('status');
    const hot = hottest(expected.main);
    const firstHot = page.getByTestId('main-hot').getByRole('listitem').first();
    expect(await firstHot.textContent()).toBe(
      `${hot.value} ${hot.count.toLocaleString('en-US')} draws (${(hot.frequency * 100).toFixed(1)} %)`,
    );
    expect(await tableRow(page, 'main', 1)).toEqual(expectedRow(expected.main[0]));
    if (expected.special)
      expect(await tableRow(page, 'special', 1)).toEqual(expectedRow(expected.special[0]));
  }

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const email = uniqueEmail('stats');
    await registerViaApi(api.baseUrl, email);
    const jwt = await loginViaApi(api.baseUrl, email);
    secret = await createTokenViaApi(api.baseUrl, jwt, { id: 'statistician' });
    page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("opened from the header, Powerball's default window shows the API's figures", async () => {
    await goTo(page, 'Stats', 'Number statistics');
    expect(await focusedHeading(page)).toBe('Number statistics');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats', exact: true });
    expect(await link.getAttribute('aria-current')).toBe('page');

    // The token is chosen as on "Try it" and "Check numbers": made through the API, its secret is pasted.
    await page.getByLabel('Token secret').fill(secret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “statistician” (${secret.slice(0, 8)}…)`).waitFor();

    await page.getByLabel('Lottery').selectOption('us_powerball');
    // The window starts as the API's default: the current rules' first day to the latest draw.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2015-10-07');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2026-08-05');
    await page.getByRole('button', { name: 'Show', exact: true }).click();

    const expected = await apiStats();
    expect([expected.from, expected.to]).toEqual(['2015-10-07', '2026-08-05']);
    await expectFigures(expected);

    // A chart per group, named, with a table alternative of one row per value that screen readers reach.
    const charts = results(page).getByRole('img');
    expect(await charts.count()).toBe(2);
    expect(await charts.first().getAttribute('aria-label')).toMatch(
      /^How often each main number was drawn\./,
    );
    expect(await charts.nth(1).getAttribute('aria-label')).toMatch(/^How often each Powerball was drawn\./);
    const mainTable = results(page).getByRole('table', { name: 'Main numbers: every value' });
    const specialTable = results(page).getByRole('table', { name: 'Powerball: every value' });
    expect(await mainTable.locator('tbody tr').count()).toBe(69);
    expect(await specialTable.locator('tbody tr').count()).toBe(26);
    expect(await mainTable.locator('thead th').allTextContents()).toEqual([
      'Value',
      'Count',
      'Frequency',
      'Last drawn',
      'Draws since',
      'Longest gap',
    ]);
    // Hot, cold and longest absent: five each, per group.
    for (const list of [
      'main-hot',
      'main-cold',
      'main-absent',
      'special-hot',
      'special-cold',
      'special-absent',
    ])
      expect(await page.getByTestId(list).getByRole('listitem').count()).toBe(5);

    // Hot and cold are figures of the past: the note beside them says so, and the lists point to it.
    const note = results(page).getByText(/^Draws are random:/);
    expect(await note.textContent()).toMatch(/do not predict the next one\.$/);
    const noteId = await note.getAttribute('id');
    expect(await page.getByTestId('main-hot').getAttribute('aria-describedby')).toBe(noteId);
    expect(await page.getByTestId('main-cold').getAttribute('aria-describedby')).toBe(noteId);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'stats');
  });

  test('another window: the figures change to the API’s for it', async () => {
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-12-31');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const expected = await apiStats('?from=2020-01-01&to=2020-12-31');
    expect(expected.draws).toBeGreaterThan(0);
    expect(expected.draws).toBeLessThan(200);
    await expectFigures(expected);
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px a window that ends before it starts is refused at To, before any request`, async () => {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
      // Figures of another window first: they must not stay beside the error.
      await page.getByLabel('From', { exact: true }).fill('2020-01-01');
      await page.getByLabel('To', { exact: true }).fill('2020-12-31');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await results(page).waitFor();
      const statsReads: string[] = [];
      const onRequest = (request: { url: () => string }) => {
        if (new URL(request.url()).pathname.endsWith('/stats')) statsReads.push(request.url());
      };
      page.on('request', onRequest);

      await page.getByLabel('From', { exact: true }).fill('2021-06-01');
      await page.getByLabel('To', { exact: true }).fill('2021-01-01');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const message = 'The range ends before it starts: choose a day on or after 2021-06-01.';
      await page.getByText(message).waitFor();
      const state = await fieldState(page, 'To');
      expect(state.invalid).toBe(true);
      expect(state.description).toContain(message);
      expect(await focusedName(page)).toBe('To');
      expect(await results(page).count()).toBe(0);
      await page.waitForTimeout(300);
      page.off('request', onRequest);
      // Nothing was sent, so nothing was counted against the quota.
      expect(statsReads).toEqual([]);
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 860 });
    });
  }

  test('a From moved before To mends the window: its error goes as it is typed', async () => {
    await page.getByLabel('From', { exact: true }).fill('2020-06-01');
    await page.getByText('The range ends before it starts').waitFor({ state: 'detached' });
    expect((await fieldState(page, 'To')).invalid).toBe(false);
  });

  test('with the keyboard alone: Enter in a date field shows the window', async () => {
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-12-31');
    await page.getByLabel('To', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectFigures(await apiStats('?from=2024-01-01&to=2024-12-31'));
  });

  test('at 375 px nothing scrolls sideways, and axe finds no serious problem', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await results(page).getByRole('table').first().scrollIntoViewIfNeeded();
    // The chart is drawn at the phone's width, its note on the past draws still beside the lists.
    const chart = results(page).locator('svg.chart').first();
    expect(Number(await chart.getAttribute('width'))).toBeLessThanOrEqual(375);
    expect(await chart.locator('rect.bar').count()).toBeGreaterThan(0);
    await results(page)
      .getByText(/^Draws are random:/)
      .waitFor();
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'stats-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
