import type { Browser } from 'playwright-core';
import { createTokenViaApi, loginViaApi, meteredRequest } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { logIn, registerViaApi, uniqueEmail } from './support/portal';

const POLL_MS = 15_000;

/**
 * The dashboard's "Get started" card is for an account that has not made a request yet: it goes, without a
 * reload, as soon as the live usage counts the first one, and the usage chart shows that request.
 */
describe('portal: the dashboard follows the first requests', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px "Get started" shows until the first request, then goes without a reload`, async () => {
      const email = uniqueEmail(`first-steps-${width}`);
      await registerViaApi(api.baseUrl, email);
      const jwt = await loginViaApi(api.baseUrl, email);
      const token = await createTokenViaApi(api.baseUrl, jwt, { id: 'first' });
      const page = await newPage(browser, api.baseUrl, { width, height: width === 375 ? 740 : 860 });
      // The page's timers under the test's control: a poll happens when the test says.
      await page.clock.install();
      await logIn(page, email);
      await page.getByText('Live: updated at').waitFor();

      const card = page.getByRole('region', { name: 'Get started' });
      await card.waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      const documentsLoaded = await page.evaluate(() => performance.getEntriesByType('navigation').length);

      expect(await meteredRequest(api.baseUrl, token)).toBe(200);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/profile/usage');
      await page.clock.fastForward(POLL_MS);
      await answered;

      await page.getByTestId('usage-used').getByText('1', { exact: true }).waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
        documentsLoaded,
      );
      // The request on today's bar, drawn at the page's width with its y-axis.
      const chart = page.locator('svg.chart');
      expect(await chart.locator('rect.bar').count()).toBe(1);
      expect(await chart.locator('.y-tick text').allTextContents()).toEqual(['0', '1']);
      expect(Number(await chart.getAttribute('width'))).toBeLessThanOrEqual(width);
      await page
        .getByRole('img', { name: /^Daily requests\. 1 request in \d{4}-\d{2} \(1 successful, 0 errors\)/ })
        .waitFor();
      await expectNoSideScroll(page);

      // Coming back to the dashboard later: still no "Get started".
      await page.goto('#/tokens');
      await page.goto('#/');
      await page.getByTestId('usage-used').getByText('1', { exact: true }).waitFor();
      expect(await card.count()).toBe(0);
      await page.context().close();
    });
  }
});
