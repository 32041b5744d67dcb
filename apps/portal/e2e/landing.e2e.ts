import type { Browser } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { heading } from './support/portal';
import { bundledLotteryCount } from './support/paths';

const BUNDLED = bundledLotteryCount();

const LANDING = 'Lottery results, over one API';

/** The start page says what the service does for a developer, at a desk and on a phone. */
describe('portal: the start page sells what the service does', () => {
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
    test(`at ${width} px: results, ticket check, statistics, webhooks, AI agents, the SDK and the ${BUNDLED} lotteries`, async () => {
      const page = await newPage(browser, api.baseUrl, { width, height: width === 375 ? 740 : 860 });
      await page.goto('#/');
      await heading(page, LANDING);
      const offer = page.getByRole('region', { name: 'What you get' });
      expect(await offer.locator('li strong').allTextContents()).toEqual([
        'Results',
        'Ticket check',
        'Number statistics',
        'Webhooks',
        'AI agents',
        'TypeScript SDK',
      ]);
      await offer.getByText('did my numbers win?').waitFor();
      await offer.getByText('Model Context Protocol (MCP)').waitFor();
      await page.getByTestId('free-tier').getByText('Rate limits').waitFor();
      // The lotteries by name, from the public directory: no account, no token.
      const carried = page.getByRole('region', { name: `${BUNDLED} lotteries` });
      await carried.getByText('us_powerball').waitFor();
      expect(await carried.locator('li').count()).toBe(BUNDLED);
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, width === 375 ? 'landing-375' : 'landing');
      await page.context().close();
    });
  }

  test('the quick start\'s copy buttons say what they copy ("Copy command"), the heading describing them', async () => {
    const page = await newPage(browser, api.baseUrl, { width: 1280, height: 860 });
    await page.goto('#/');
    await heading(page, LANDING);
    const quickStart = page.getByRole('region', { name: 'Quick start' });
    const copyButtons = quickStart.getByRole('button', { name: /^Copy/ });
    await copyButtons.first().waitFor();
    const read = () =>
      copyButtons.evaluateAll((buttons) =>
        buttons.map((button) => {
          const describedBy = button.getAttribute('aria-describedby') ?? '';
          return `${button.textContent} (${document.getElementById(describedBy)?.textContent ?? ''})`;
        }),
      );
    expect(await read()).toEqual([
      'Copy command (Install the SDK)',
      'Copy snippet (TypeScript (SDK))',
      'Copy command (curl)',
    ]);
    // The accessible name is the button's own words, never a heading glued after "Copy".
    expect(await quickStart.getByRole('button', { name: 'Copy command', exact: true }).count()).toBe(2);
    await page.context().close();
  });
});
