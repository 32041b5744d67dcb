import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { createTokenViaApi, getToken, loginViaApi, meteredRequest } from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll, lastRowFirstCellBorders } from './support/layout';
import {
  heading,
  logIn,
  openLoggedIn,
  readSecretFromDialog,
  registerViaApi,
  uniqueEmail,
} from './support/portal';

const DAY = 24 * 60 * 60 * 1000;
/** A small maximum, so that the test reaches it in a few clicks. */
const MAX_TOKENS = 3;

/**
 * The tokens page: the count against the account's maximum (creation disabled, with the reason, once it is
 * reached), an optional expiry chosen at creation and shown ahead of time, and a reset that can keep the old
 * secret working for a grace period. Every claim is checked against the API from outside the browser.
 */
describe('portal: token lifecycle on the tokens page', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let jwt = '';
  const email = uniqueEmail('tokens');
  const previousMax = process.env.MAX_TOKENS_PER_ACCOUNT;

  beforeAll(async () => {
    // The API process inherits this environment.
    process.env.MAX_TOKENS_PER_ACCOUNT = String(MAX_TOKENS);
    api = await startApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, email);
    jwt = await loginViaApi(api.baseUrl, email);
    page = await newPage(browser, api.baseUrl);
    await openLoggedIn(page, { apiBaseUrl: api.baseUrl, email, route: '#/tokens', title: 'API tokens' });
  });

  afterAll(async () => {
    if (previousMax === undefined) delete process.env.MAX_TOKENS_PER_ACCOUNT;
    else process.env.MAX_TOKENS_PER_ACCOUNT = previousMax;
    await browser?.close();
    await api?.stop();
  });

  async function create(id: string, expiry = 'Never', date = ''): Promise<string> {
    await page.getByLabel('Token id').fill(id);
    await page.getByLabel('Expires', { exact: true }).selectOption({ label: expiry });
    if (date) await page.getByLabel('Expiry date').fill(date);
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = await readSecretFromDialog(page);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row(id).waitFor();
    return secret;
  }
  const row = (id: string) => page.locator(`tr[data-token-id="${id}"]`);
  const expiresCell = (id: string) => row(id).locator('td[data-label="Expires"]');
  const statusCell = (id: string) => row(id).locator('.token-status');

  test('a token can expire: the date is sent and shown, with no warning while its expiry is far off', async () => {
    await create('monthly', 'In 30 days');
    const monthly = await getToken(api.baseUrl, jwt, 'monthly');
    const days = (new Date(monthly.expiresAt as string).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await expiresCell('monthly').locator('.badge').count()).toBe(0);

    // Made to last a week a second ago: nothing to do yet (it is announced in its last quarter, 42 hours ahead).
    await create('weekly', 'In 7 days');
    expect(await expiresCell('weekly').locator('.badge').count()).toBe(0);
    expect(await page.getByRole('status').getByText('expires in').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tokens');
  });

  test('a token whose expiry is near is announced, and moving its expiry (Edit) ends the warning', async () => {
    // A token of two months' life with a day left: the list is shown as the API would give it two months on (its
    // creation date moved back; the API cannot make an old token).
    await createTokenViaApi(api.baseUrl, jwt, {
      id: 'ageing',
      expiresAt: new Date(Date.now() + DAY).toISOString(),
    });
    const tokenList = (url: URL) => url.pathname === '/profile/token';
    await page.route(tokenList, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { tokens: { id: string; createdAt: string }[] };
      for (const token of body.tokens)
        if (token.id === 'ageing') token.createdAt = new Date(Date.now() - 60 * DAY).toISOString();
      return route.fulfill({ response, json: body });
    });
    await page.reload();
    await expiresCell('ageing').getByText('expires in 24 hours').waitFor();
    await page
      .getByRole('status')
      .getByText(/^Token “ageing” expires in 24 hours \(.+\): create a new token and switch your programs/)
      .waitFor();
    // Moved a month ahead in the edit dialog: the API has it, and the warning is gone.
    await page.getByRole('button', { name: 'Edit token ageing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit token “ageing”' });
    await dialog.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 30 days' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Token “ageing” updated.' }).waitFor();
    const moved = await getToken(api.baseUrl, jwt, 'ageing');
    expect((new Date(moved.expiresAt as string).getTime() - Date.now()) / DAY).toBeGreaterThan(29.9);
    await expiresCell('ageing').locator('.badge').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete token ageing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
    await row('ageing').waitFor({ state: 'detached' });
    await page.unroute(tokenList);
  });

  test('the count against the maximum is shown, and creation is disabled with the reason once it is reached', async () => {
    const allowance = page.getByTestId('token-allowance');
    expect(await allowance.textContent()).toBe(`2 of ${MAX_TOKENS} tokens used`);
    await create('third');
    expect(await allowance.textContent()).toBe(`3 of ${MAX_TOKENS} tokens used`);

    const create3 = page.getByRole('button', { name: 'Create token' });
    expect(await create3.isDisabled()).toBe(true);
    expect(await page.getByLabel('Token id').isDisabled()).toBe(true);
    await page
      .getByText(
        `You have ${MAX_TOKENS} tokens, the most an account can hold. Delete a token you no longer use to create another.`,
      )
      .waitFor();
    // The API agrees: one more is refused.
    const refused = await fetch(`${api.baseUrl}/profile/token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'fourth' }),
    });
    expect(refused.status).toBe(400);

    await page.getByRole('button', { name: 'Delete token third' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
    await row('third').waitFor({ state: 'detached' });
    expect(await allowance.textContent()).toBe(`2 of ${MAX_TOKENS} tokens used`);
    expect(await create3.isDisabled()).toBe(false);
  });

  test('an expired token has the status Expired (the others Active), and the API refuses it', async () => {
    const secret = await createTokenViaApi(api.baseUrl, jwt, {
      id: 'short-lived',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(await meteredRequest(api.baseUrl, secret)).toBe(200);
    await new Promise((wait) => setTimeout(wait, 2000));
    expect(await meteredRequest(api.baseUrl, secret)).toBe(401);

    await page.reload();
    // Its status says so in words; the others stay active.
    await statusCell('short-lived').getByText('Expired', { exact: true }).waitFor();
    expect(await expiresCell('short-lived').getByText('expired').count()).toBe(0);
    expect(
      await page
        .locator('tbody .token-status')
        .evaluateAll((cells) =>
          cells.map((cell) => `${cell.closest('tr')?.getAttribute('data-token-id')} ${cell.textContent}`),
        ),
    ).toEqual(
      expect.arrayContaining(['short-lived Expired', expect.stringMatching(/^(?!short-lived ).* Active$/)]),
    );
    await page
      .getByRole('alert')
      .getByText(/^This token has expired and is refused: “short-lived”\./)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete token short-lived' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
    await row('short-lived').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  test('a picked expiry date lasts until the end of that day', async () => {
    const inTenDays = new Date(Date.now() + 10 * DAY);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${inTenDays.getFullYear()}-${pad(inTenDays.getMonth() + 1)}-${pad(inTenDays.getDate())}`;
    await create('dated', 'On a date…', date);
    const dated = await getToken(api.baseUrl, jwt, 'dated');
    const expires = new Date(dated.expiresAt as string);
    // The browser and this test share the machine's time zone.
    expect([expires.getFullYear(), expires.getMonth(), expires.getDate(), expires.getHours()]).toEqual([
      inTenDays.getFullYear(),
      inTenDays.getMonth(),
      inTenDays.getDate(),
      23,
    ]);
  });

  test('a reset with a grace period keeps the old secret working until the time shown', async () => {
    await page.getByRole('button', { name: 'Delete token dated' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
    await row('dated').waitFor({ state: 'detached' });
    const old = await create('rolling');

    await page.getByRole('button', { name: 'Reset token rolling' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset token “rolling”?' });
    await confirm.getByLabel('Keep the current secret working').selectOption({ label: 'For 1 hour' });
    await confirm.getByText('The current secret keeps working for 1 hour').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Reset token' }).click();
    const fresh = await readSecretFromDialog(page);
    const note = await page.getByTestId('previous-secret').textContent();
    expect(note).toMatch(
      /^The previous secret keeps working until .+ \(in 60 minutes\): switch your programs/,
    );
    await screenshot(page, 'tokens-roll-secret');
    await page.getByRole('button', { name: 'I have saved it' }).click();

    const rolled = await getToken(api.baseUrl, jwt, 'rolling');
    const graceLeft = new Date(rolled.previousSecretExpiresAt as string).getTime() - Date.now();
    expect(graceLeft).toBeGreaterThan(3590_000);
    expect(graceLeft).toBeLessThanOrEqual(3600_000);
    expect(await meteredRequest(api.baseUrl, old)).toBe(200);
    expect(await meteredRequest(api.baseUrl, fresh)).toBe(200);
    await row('rolling').getByText('Previous secret works until').waitFor();

    // Without a grace period the secret it replaces stops at once.
    await page.getByRole('button', { name: 'Reset token rolling' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset token' }).click();
    const third = await readSecretFromDialog(page);
    expect(await page.getByTestId('previous-secret').textContent()).toBe(
      'The previous secret no longer works.',
    );
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await meteredRequest(api.baseUrl, fresh)).toBe(401);
    expect(await meteredRequest(api.baseUrl, third)).toBe(200);
  });

  test('no stray border under the first column', async () => {
    expect(await lastRowFirstCellBorders(page)).toEqual(['0px']);
  });

  test('at 375 px the table becomes stacked rows and the page does not scroll sideways', async () => {
    // Another account: this one is at its maximum.
    const other = uniqueEmail('tokens-375');
    await registerViaApi(api.baseUrl, other);
    const small = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await openLoggedIn(small, {
      apiBaseUrl: api.baseUrl,
      email: other,
      route: '#/tokens',
      title: 'API tokens',
    });
    await small.getByLabel('Token id').fill('a-rather-long-token-identifier-for-a-small-screen');
    await small
      .getByLabel('Description')
      .fill('Created on a phone-sized screen to check that the rows stack instead of overflowing');
    await small.getByRole('button', { name: 'Create token' }).click();
    await readSecretFromDialog(small);
    await expectNoSideScroll(small);
    await small.getByRole('button', { name: 'I have saved it' }).click();
    const longRow = small.locator('tr[data-token-id="a-rather-long-token-identifier-for-a-small-screen"]');
    await longRow.waitFor();
    await expectNoSideScroll(small);
    expect(await longRow.evaluate((r) => getComputedStyle(r).display)).toBe('block');
    // Every cell is inside the screen.
    const rightEdges = await small
      .locator('main table td, main table th')
      .evaluateAll((cells) => cells.map((cell) => Math.ceil(cell.getBoundingClientRect().right)));
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(375);
    await screenshot(small, 'tokens-375');
    // The edit dialog sets an expiry on a phone too.
    await small.getByRole('button', { name: /^Edit token a-rather-long/ }).click();
    const dialog = small.getByRole('dialog');
    await dialog.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 90 days' });
    await expectNoSideScroll(small);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await longRow.locator('td[data-label="Expires"]').getByText(/\d/).first().waitFor();
    expect(await seriousViolations(small)).toEqual([]);
    await small.context().close();
  });

  describe('errors', () => {
    let other: Page;
    let listFails = false;
    let listReads = 0;

    beforeAll(async () => {
      const email = uniqueEmail('tokens-errors');
      await registerViaApi(api.baseUrl, email);
      await createTokenViaApi(api.baseUrl, await loginViaApi(api.baseUrl, email), { id: 'listed' });
      other = await newPage(browser, api.baseUrl);
      // Only the list (GET /profile/token): creating a token (POST, same path) goes through.
      await other.route(
        (url) => url.pathname === '/profile/token',
        (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          listReads += 1;
          return listFails ? route.abort('connectionrefused') : route.continue();
        },
      );
      await logIn(other, email);
    });

    afterAll(async () => {
      await other?.context().close();
    });

    test('the list failing to load shows its error once, with a Retry that loads it again', async () => {
      listFails = true;
      await other.goto('#/tokens');
      await heading(other, 'API tokens');
      const retry = other.getByRole('alert').getByRole('button', { name: 'Retry' });
      await retry.waitFor();
      expect(await other.getByRole('alert').count()).toBe(1);
      expect(await other.getByText('The service cannot be reached').count()).toBe(1);

      listFails = false;
      const before = listReads;
      await retry.click();
      await other.locator('tr[data-token-id="listed"]').waitFor();
      expect(listReads).toBe(before + 1);
      expect(await other.getByRole('alert').count()).toBe(0);
    });

    test('an action that fails clears the last success notice: no green banner next to a red one', async () => {
      const updated = other.getByRole('status').filter({ hasText: 'Token “listed” updated.' });
      const edit = async () => {
        await other.getByRole('button', { name: 'Edit token listed' }).click();
        await other.getByRole('dialog').getByLabel('Description').fill(`edited ${Date.now()}`);
        await other.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
        await updated.waitFor();
      };

      // A refused creation (the id is taken): its error, and the notice of the edit before it is gone.
      await edit();
      await other.getByLabel('Token id').fill('listed');
      await other.getByRole('button', { name: 'Create token' }).click();
      await other
        .getByRole('alert')
        .filter({ hasText: 'Token already exists with the provided identifier.' })
        .waitFor();
      expect(await updated.count()).toBe(0);

      // A later action clears the refused creation's error: no red banner next to the green one.
      await other.getByLabel('Token id').fill('');
      await edit();
      expect(
        await other
          .getByRole('alert')
          .filter({ hasText: 'Token already exists with the provided identifier.' })
          .count(),
      ).toBe(0);

      // A deletion that cannot reach the API: the error in the dialog, and no old notice behind it.
      await other.route('**/profile/token/listed', (route) =>
        route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
      );
      await other.getByRole('button', { name: 'Delete token listed' }).click();
      const dialog = other.getByRole('dialog', { name: 'Delete token “listed”?' });
      await dialog.getByRole('button', { name: 'Delete token' }).click();
      await dialog.getByRole('alert').getByText('The service cannot be reached').waitFor();
      expect(await updated.count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await other.locator('tr[data-token-id="listed"]').count()).toBe(1);
    });
  });
});
