import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { heading, logIn, openHeaderMenu, registerViaApi } from './support/portal';

/** How the header shows the account's address: its text, whether it is cut, and where the full one is said. */
async function addressShown(page: Page, email: string) {
  const who = page.getByRole('banner').locator('.who');
  return who.evaluate(
    (el, full) => ({
      text: el.textContent?.includes(full) ?? false,
      cut: el.scrollWidth > el.clientWidth + 1,
      title: el.getAttribute('title'),
      visible: el.getBoundingClientRect().width > 0,
    }),
    email,
  );
}

const headerHeight = (page: Page) =>
  page.getByRole('banner').evaluate((el) => Math.round(el.getBoundingClientRect().height));

/**
 * The header names the account logged in: in full whenever there is room for it (a laptop's 1280 px, the phone's
 * menu), cut with an ellipsis only when there truly is none, and then said in full in its title.
 */
describe.each([1280, 375])('portal header at %i px', (width) => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test("an administrator's address is shown in full, and the header stays short", async () => {
    const page = await newPage(browser, api.baseUrl, { width, height: 800 });
    await logIn(page, api.adminEmail, api.adminPassword);
    await openHeaderMenu(page);
    expect(await addressShown(page, api.adminEmail)).toEqual({
      text: true,
      cut: false,
      title: api.adminEmail,
      visible: true,
    });
    if (width === 1280) expect(await headerHeight(page)).toBeLessThanOrEqual(80);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `header-${width}`);
    await page.context().close();
  });

  test('an address too long for the room is cut, said in full in its title, and the page stays usable', async () => {
    const email = `a-very-long-mailbox-name-that-goes-on-and-on-${Date.now()}@a-rather-long-domain-name.example`;
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl, { width, height: 800 });
    await logIn(page, email);
    await openHeaderMenu(page);
    const shown = await addressShown(page, email);
    expect(shown).toMatchObject({ text: true, title: email, visible: true });
    if (width === 1280) expect(await headerHeight(page)).toBeLessThanOrEqual(80);
    // The page never scrolls sideways for it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await heading(page, 'Dashboard');
    await page.context().close();
  });
});
