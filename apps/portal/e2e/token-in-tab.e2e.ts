import type { Browser, Page } from 'playwright-core';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { launchBrowser, newPage } from './support/browser';
import { goTo, logIn, readSecretFromDialog, registerViaApi, uniqueEmail } from './support/portal';

/**
 * A token created in this tab (its secret still in the tab's memory) is used at once by the metered pages: no
 * "Use this token" click, no empty page until then. A token whose secret the tab does not know waits for it.
 */
describe('portal: a token created in this tab is used at once', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let hereSecret = '';

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const email = uniqueEmail('in-tab');
    await registerViaApi(api.baseUrl, email);
    const jwt = await loginViaApi(api.baseUrl, email);
    await createTokenViaApi(api.baseUrl, jwt, { id: 'made-elsewhere' });
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
  });

  const banner = () => `Using token “made-here” (${hereSecret.slice(0, 8)}…)`;

  test('Check numbers opens with the new token in use and its form shown', async () => {
    await goTo(page, 'Check numbers', 'Check numbers');
    await page.getByText(banner()).waitFor();
    await page.getByRole('heading', { name: '2. Your numbers' }).waitFor();
    expect(await page.getByLabel('Token', { exact: true }).inputValue()).toBe('made-here');
  });

  test('Number statistics opens with the new token in use and its form shown', async () => {
    await goTo(page, 'Stats', 'Number statistics');
    await page.getByText(banner()).waitFor();
    await page.getByRole('heading', { name: '2. Draws to count' }).waitFor();
  });

  test('Try it opens with the new token in use, its request and its code shown', async () => {
    await goTo(page, 'Try it', 'Try it');
    await page.getByText(banner()).waitFor();
    await page.getByRole('heading', { name: '2. A request' }).waitFor();
    await page.getByRole('heading', { name: '3. The same call in your code' }).waitFor();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('table').locator('tbody tr').first().waitFor();
  });

  test('after a reload the tab knows no secret: the page waits for one to be pasted', async () => {
    await page.reload();
    await goTo(page, 'Try it', 'Try it');
    await page.getByLabel('Token secret').waitFor();
    expect(await page.getByLabel('Token secret').inputValue()).toBe('');
    await page.waitForTimeout(500);
    expect(await page.getByText('Using token').count()).toBe(0);
    expect(await page.getByRole('heading', { name: '2. A request' }).count()).toBe(0);
  });
});
