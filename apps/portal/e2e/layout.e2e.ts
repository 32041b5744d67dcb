import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { launchBrowser, newPage } from './support/browser';
import { pageWidth } from './support/layout';
import { heading, logIn } from './support/portal';

/** Each page with its title and, where it lists data, that it shows a table once loaded (the measure needs it). */
const ADMIN_PAGES = [
  ['#/', 'Dashboard', false],
  ['#/tokens', 'Tokens', false],
  ['#/webhooks', 'Webhooks', false],
  ['#/try', 'Try it', false],
  ['#/check', 'Check numbers', false],
  ['#/stats', 'Number statistics', false],
  ['#/account', 'Account settings', false],
  ['#/admin/accounts', 'Accounts', true],
  ['#/admin/licenses', 'Licenses', true],
  ['#/admin/lotteries', 'Lotteries', true],
  ['#/admin/draws', 'Draws', false],
  ['#/admin/sync', 'Sync', true],
] as const;

/**
 * Every page an administrator sees, at a laptop's 1280 px and a phone's 375 px: nothing scrolls sideways, neither
 * the page nor any table in its box (a table too wide for a phone becomes cards), and the header stays one row
 * on the laptop and short on the phone.
 */
describe.each([
  [1280, 80],
  [375, 140],
])('portal layout at %i px', (width, headerMax) => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    page = await newPage(browser, api.baseUrl, { width, height: 900 });
    await logIn(page, api.adminEmail, api.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
  });

  test.each(ADMIN_PAGES)(
    '%s: no sideways scrolling, tables included, and a short header',
    async (hash, title, listsData) => {
      await page.goto(hash);
      await heading(page, title);
      // Measured once the page has its data: a table measured before it arrives cannot overflow.
      await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? ''));
      if (listsData) await page.locator('main table').first().waitFor();
      const seen = await pageWidth(page);
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('main .table-wrap')]
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map(
            (box) => `${box.getAttribute('aria-label') ?? 'table'}: ${box.scrollWidth} > ${box.clientWidth}`,
          ),
      );
      const header = await page
        .locator('header.site-header')
        .evaluate((el) => Math.round(el.getBoundingClientRect().height));
      expect({
        page: seen.scrollWidth,
        tables,
        header: header <= headerMax ? 'short' : `${header} px`,
      }).toEqual({
        page: seen.innerWidth,
        tables: [],
        header: 'short',
      });
    },
  );

  test("the header's menus open within the page and name where the administrator is", async () => {
    await page.goto('#/admin/licenses');
    await heading(page, 'Licenses');
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Menu' });
    if (width <= 640) {
      expect(await banner.getByRole('button', { name: 'Log out' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } else {
      expect(await menu.isVisible()).toBe(false);
      const adminButton = banner.getByRole('button', { name: 'Admin' });
      expect(await adminButton.getAttribute('class')).toBe('current');
      await adminButton.click();
      expect(await adminButton.getAttribute('aria-expanded')).toBe('true');
    }
    const licenses = banner.getByRole('link', { name: 'Licenses' });
    expect(await licenses.getAttribute('aria-current')).toBe('page');
    expect(await banner.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    const seen = await pageWidth(page);
    expect(seen.scrollWidth).toBe(seen.innerWidth);
    // Escape closes what is open; following a link closes it too.
    await page.keyboard.press('Escape');
    expect(await licenses.isVisible()).toBe(false);
  });
});
