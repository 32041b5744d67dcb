import type { Browser, Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { startApi, type ApiServer } from './support/api-server';
import { launchBrowser, newPage } from './support/browser';
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
  let hereSecret = '';
  let elsewhereSecret = '';

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    const email = uniqueEmail('try');
    await registerViaApi(api.baseUrl, email);
    jwt = await loginViaApi(api.baseUrl, email);
    elsewhereSecret = await createTokenViaApi(api.baseUrl, jwt, { id: 'made-elsewhere' });
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
    await page.getByLabel('Token', { exact: true }).selectOption('made-here');
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
    expect(await page.getByText('Using token').count()).toBe(0);

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
  });

  test('at 375 px the snippets scroll in their boxes, not the page', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('region', { name: 'Python (requests)' }).scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
