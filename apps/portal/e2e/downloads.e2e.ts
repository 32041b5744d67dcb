import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

/** The month's metered requests of the account, as the API counts them. */
async function used(baseUrl: string, jwt: string): Promise<number> {
  const response = await fetch(`${baseUrl}/profile/usage`, { headers: { Authorization: `Bearer ${jwt}` } });
  return ((await response.json()) as { used: number }).used;
}

/** Clicks a download button and returns the file's name and text, as the browser saved it. */
async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  // saveAs, not path(): the browser is the run's browser server (support/browser.ts), whose files path() cannot name.
  const dir = await mkdtemp(join(tmpdir(), 'portal-e2e-download-'));
  try {
    const path = join(dir, file.suggestedFilename());
    await file.saveAs(path);
    return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Integrator downloads (contract section 12): the Downloads page (every lottery) and a draw's page offer the
 * whole history as CSV, JSON or NDJSON, read through the SDK with the holder's token (one request each).
 */
describe('portal: history downloads', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let jwt = '';
  let secret = '';
  const email = uniqueEmail('downloads');

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, email);
    jwt = await loginViaApi(api.baseUrl, email);
    secret = await createTokenViaApi(api.baseUrl, jwt, { id: 'exports' });
    page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("the Downloads page: each lottery's history as CSV (its header first), JSON and NDJSON, one request each", async () => {
    // From the dashboard (the header has no room for another link).
    await page.getByRole('link', { name: "Download each lottery's history" }).click();
    await heading(page, 'Downloads');
    const row = page.locator('tr[data-lottery-tag="us_powerball"]');
    const group = row.getByRole('group', { name: 'Download the draws of Powerball' });
    // No token yet: nothing to download with.
    expect(await group.getByRole('button', { name: 'CSV' }).isDisabled()).toBe(true);
    await page.getByLabel('Token secret').fill(secret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “exports” (${secret.slice(0, 8)}…)`).waitFor();

    const before = await used(api.baseUrl, jwt);
    const csv = await download(page, group.getByRole('button', { name: 'CSV' }));
    expect(csv.name).toBe('us_powerball-draws.csv');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,main_1,main_2,main_3,main_4,main_5,special_1');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+,\d+,\d+,\d+$/);
    expect(await used(api.baseUrl, jwt)).toBe(before + 1);

    const json = await download(page, group.getByRole('button', { name: 'JSON', exact: true }));
    expect(json.name).toBe('us_powerball-draws.json');
    const body = JSON.parse(json.text) as { lottery: string; draws: { date: string }[] };
    expect(body.lottery).toBe('us_powerball');
    expect(body.draws.length).toBe(lines.length - 1);
    expect(body.draws[0].date).toBe(lines[1].split(',')[0]);

    const ndjson = await download(page, group.getByRole('button', { name: 'NDJSON' }));
    expect(ndjson.name).toBe('us_powerball-draws.ndjson');
    expect(ndjson.text.trim().split('\n')).toHaveLength(lines.length - 1);
    expect(await used(api.baseUrl, jwt)).toBe(before + 3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a draw's page offers the same downloads, with the token in use", async () => {
    await page.goto('#/draws/eu_euromillions/latest');
    await page.getByRole('heading', { level: 1, name: /: the draw of / }).waitFor();
    const history = page.getByRole('region', { name: 'The whole history' });
    const csv = await download(page, history.getByRole('button', { name: 'CSV' }));
    expect(csv.name).toBe('eu_euromillions-draws.csv');
    expect(csv.text.split(/\r?\n/)[0]).toBe('date,main_1,main_2,main_3,main_4,main_5,special_1,special_2');
  });

  test('at 375 px: the Downloads page does not scroll sideways', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.goto('#/lotteries');
      await heading(page, 'Downloads');
      await page
        .locator('tr[data-lottery-tag="us_powerball"]')
        .getByRole('button', { name: 'CSV' })
        .waitFor();
      await expectNoSideScroll(page);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
