import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { createLotteryViaApi, ingestionAdmin, loginViaApi } from './support/api-calls';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { openLoggedIn } from './support/portal';
import { startSourceServer, type SourceServer } from './support/source-server';

/** How many sources the page shows at once (SOURCE_PAGE_SIZE in sources-section.tsx). */
const PAGE_ROWS = 30;
/**
 * The tallest the page may be with a page of 30 sources and the conflicts below them (a page of 20 measured 2,568
 * and 6,829 px; these allow for ten rows more: the budget of 25 rows, 3,500 and 9,400 px, scaled by 30/25). The one
 * long table this replaced was 4,676 px tall at 1280 px for 12 sources.
 */
const MAX_HEIGHT = { 1280: 4200, 375: 11300 } as const;

/**
 * The admin Sync page with 30 sources and more in every state (the bundle's, never synced, plus twelve made here:
 * OK, failing, disabled, never synced): compact rows whose dates and states never wrap nor hide, filtered by state,
 * paged, at 1280 and 375 px.
 */
describe('portal: the Sync page with 30 sources and more', () => {
  /** The bundle's sources (28 today) and the twelve made here. */
  let SOURCES = 0;
  let api: ApiServer;
  let browser: Browser;
  let sources: SourceServer;
  let jwt = '';
  const tags = Array.from({ length: 12 }, (_, i) => `zz_many_${String(i + 1).padStart(2, '0')}`);
  const ok = tags.slice(0, 4);
  const failing = tags.slice(4, 8);
  const disabled = tags.slice(8, 10);

  beforeAll(async () => {
    sources = await startSourceServer();
    sources.answer('/ok.csv', { type: 'text/csv', body: 'date,main\n2026-01-05,1 2 3\n' });
    sources.answer('/down', { status: 500, type: 'text/html', body: '<h1>Down</h1>' });
    api = await startApi();
    browser = await launchBrowser();
    jwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    const admin = ingestionAdmin(api.baseUrl, jwt);
    const mapping = { format: 'csv', date: 'date', main: 'main' };
    SOURCES = (await admin.sync.list()).length + tags.length;
    expect(SOURCES).toBeGreaterThanOrEqual(30);
    for (const [index, tag] of tags.entries()) {
      await createLotteryViaApi(api.baseUrl, jwt, { tag, name: `Many ${index + 1}` });
      await admin.sources.put(tag, {
        adapter: 'generic',
        url: sources.url(failing.includes(tag) ? '/down' : '/ok.csv'),
        mapping,
        enabled: !disabled.includes(tag),
      });
    }
    for (const tag of [...ok, ...failing]) {
      const synced = await fetch(`${api.baseUrl}/admin/sources/${tag}/sync`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${jwt}` },
      });
      expect(synced.status).toBe(200);
    }
    expect(await admin.sync.list()).toHaveLength(SOURCES);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await sources?.close();
  });

  /** Table cells whose text is cut off or spills out of them, and date or state cells that wrap. */
  const layoutProblems = (page: Page) =>
    page.locator('table.sync-table').evaluate((table) => {
      const problems: string[] = [];
      const where = (el: Element) =>
        `${el.closest('tr')?.getAttribute('data-lottery-tag') ?? 'head'} ${el.getAttribute('data-label') ?? el.tagName}`;
      // The head's cells too, where it shows (on a narrow screen the rows are cards and it is hidden).
      const visibleHead = table.querySelector('thead')!.getBoundingClientRect().height > 1;
      for (const cell of table.querySelectorAll(visibleHead ? 'th, td' : 'tbody th, td')) {
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${where(cell)} spills out`);
      }
      // One line each: a date, a count, a tag, a state (a box that starts below the first one's
      // bottom sits on a second line).
      const oneLiners =
        'tbody th code, [data-testid="sync-status"], td[data-fact], [data-label="Freshness"] .badge';
      for (const cell of table.querySelectorAll(oneLiners)) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const boxes = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (boxes.some((rect) => rect.top >= boxes[0].bottom - 2))
          problems.push(`${where(cell)} wraps: ${cell.textContent}`);
      }
      return problems;
    });

  const rowTags = (page: Page) =>
    page
      .locator('table.sync-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lottery-tag')));

  for (const [width, height] of [
    [1280, 860],
    [375, 800],
  ] as const) {
    test(`at ${width} px: two pages of compact rows, nothing clipped or wrapped, filters by state`, async () => {
      const page = await newPage(browser, api.baseUrl, { width, height });
      await openLoggedIn(page, {
        apiBaseUrl: api.baseUrl,
        email: api.adminEmail,
        password: api.adminPassword,
        route: '#/admin/sync',
        title: 'Sync',
      });
      const table = page.locator('table.sync-table');
      await table.waitFor();
      expect(await table.locator('caption').textContent()).toBe(`${SOURCES} sources`);
      await screenshot(page, width === 1280 ? 'admin-sync-30' : 'admin-sync-30-375');
      expect(await rowTags(page)).toHaveLength(PAGE_ROWS);
      const pager = page.getByRole('navigation', { name: 'Source pages' });
      expect(await pager.locator('span').textContent()).toBe(`1–${PAGE_ROWS} of ${SOURCES}`);
      expect(await layoutProblems(page)).toEqual([]);
      await expectNoSideScroll(page);
      const box = page.locator('.table-wrap');
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeLessThan(MAX_HEIGHT[width]);
      if (width === 1280) {
        // A compact row: one line of facts, not a tower of wrapped words.
        const rowHeights = await table
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
        expect(Math.max(...rowHeights)).toBeLessThan(140);
      }

      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText(`${PAGE_ROWS + 1}–${SOURCES} of ${SOURCES}`).waitFor();
      expect(await rowTags(page)).toHaveLength(SOURCES - PAGE_ROWS);
      expect(await layoutProblems(page)).toEqual([]);

      // Each state, with its count in the choice, shows its sources only (the bundle's are never synced).
      const state = page.getByLabel('State');
      const choices = await state.locator('option').allTextContents();
      expect(choices).toEqual([
        `All (${SOURCES})`,
        `Failing (${failing.length})`,
        `OK (${ok.length})`,
        `Never synced (${SOURCES - ok.length - failing.length - disabled.length})`,
        `Disabled (${disabled.length})`,
      ]);
      await state.selectOption('failing');
      await table
        .locator('caption', { hasText: `${failing.length} failing of ${SOURCES} sources` })
        .waitFor();
      expect(await rowTags(page)).toEqual(failing);
      expect(await table.getByTestId('sync-error').allTextContents()).toEqual(
        failing.map(() => 'Last attempt failed: HTTP 500 Internal Server Error'),
      );
      expect(await pager.count()).toBe(0);
      await state.selectOption('ok');
      await table.locator('caption', { hasText: `${ok.length} OK of ${SOURCES} sources` }).waitFor();
      expect(await rowTags(page)).toEqual(ok);
      expect(await table.getByTestId('sync-status').allTextContents()).toEqual(ok.map(() => 'OK'));
      await state.selectOption('disabled');
      await table
        .locator('caption', { hasText: `${disabled.length} disabled of ${SOURCES} sources` })
        .waitFor();
      expect(await rowTags(page)).toEqual(disabled);
      await state.selectOption('never');
      await table
        .locator('caption', {
          hasText: `${SOURCES - ok.length - failing.length - disabled.length} never synced of ${SOURCES} sources`,
        })
        .waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await expectNoSideScroll(page);
      await page.context().close();
    });
  }
});
