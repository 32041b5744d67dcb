import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { createTokenViaApi, loginViaApi, meteredRequest } from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

/** Each body row of a table: its cells' text. */
const rowsOf = (page: Page, table: string) =>
  page
    .locator(`${table} tbody tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));

/**
 * A token's status in words, Active, Expired or Revoked, from what the API returns: `expiresAt` on the token list,
 * and on the usage report a token no longer listed (deleted: revoked at once, contract section 3) whose requests
 * are the rest of the month's totals.
 */
describe('portal: token status on the tokens page and the usage report', () => {
  let api: ApiServer;
  let browser: Browser;
  const email = uniqueEmail('token-status');

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, email);
    const jwt = await loginViaApi(api.baseUrl, email);
    const live = await createTokenViaApi(api.baseUrl, jwt, { id: 'live' });
    const short = await createTokenViaApi(api.baseUrl, jwt, {
      id: 'short',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    const gone = await createTokenViaApi(api.baseUrl, jwt, { id: 'gone' });
    expect(await meteredRequest(api.baseUrl, live)).toBe(200);
    expect(await meteredRequest(api.baseUrl, short)).toBe(200);
    expect(await meteredRequest(api.baseUrl, gone)).toBe(200);
    expect(await meteredRequest(api.baseUrl, gone, false)).toBe(404);
    const deleted = await fetch(`${api.baseUrl}/profile/token/gone`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(deleted.status).toBe(204);
    await new Promise((wait) => setTimeout(wait, 2000));
    expect(await meteredRequest(api.baseUrl, short)).toBe(401);
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px: Active, Expired and Revoked, in words`, async () => {
      const page = await newPage(browser, api.baseUrl, { width, height: 860 });
      await logIn(page, email);
      // The usage report: the deleted token's requests on a row of their own, revoked.
      const usage = page.getByTestId('token-usage');
      await usage.locator('[data-token-status="expired"]').waitFor();
      const usageRows = await rowsOf(page, '[data-testid="token-usage"]');
      expect(usageRows).toHaveLength(3);
      expect(usageRows).toEqual(
        expect.arrayContaining([
          ['live', 'Active', '1', '1', '0', '25 %'],
          ['short', 'Expired', '1', '1', '0', '25 %'],
          ['Deleted tokens', 'Revoked', '2', '1', '1', '50 %'],
        ]),
      );
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      // The token list: the expired one marked, the active one too (the deleted one is gone from it).
      await page.goto('#/tokens');
      await heading(page, 'API tokens');
      const status = (id: string) => page.locator(`tr[data-token-id="${id}"] .token-status`);
      await status('short').getByText('Expired', { exact: true }).waitFor();
      expect(await status('live').textContent()).toBe('Active');
      expect(await page.locator('tr[data-token-id="gone"]').count()).toBe(0);
      await expectNoSideScroll(page);
      await page.context().close();
    });
  }
});
