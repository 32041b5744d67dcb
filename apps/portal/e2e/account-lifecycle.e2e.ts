import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { loginViaApi } from './support/api-calls';
import { latestNumbers, launchBrowser, newPage } from './support/browser';
import {
  goTo,
  heading,
  logIn,
  logOut,
  PASSWORD,
  readSecretFromDialog,
  uniqueEmail,
  unlabelledFields,
} from './support/portal';
import { bundledLotteryCount } from './support/paths';

/**
 * The account holder's and the administrator's main journeys, in one browser against the real API; each
 * promise the UI makes about a token is checked by calling the API with it from outside the browser.
 */
describe('portal: a token from creation to revocation', () => {
  let api: ApiServer;
  let browser: Browser;
  let holder: Page;
  const email = uniqueEmail('holder');
  let firstSecret = '';
  let secondSecret = '';

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    holder = await newPage(browser, api.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  test('a visitor registers and is logged in', async () => {
    await holder.goto('#/register');
    await heading(holder, 'Create an account');
    await holder.getByLabel('Email').fill(email);
    await holder.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await holder.getByLabel('Repeat the password').fill(PASSWORD);
    await holder.getByRole('button', { name: 'Create the account' }).click();

    // Registering logs in with the same credentials (onboarding.e2e.ts has the details).
    await heading(holder, 'Dashboard');
    await holder.getByRole('heading', { name: 'License' }).waitFor();
    await holder.getByText('of 1,000 requests').waitFor();
    // The JWT is kept in this tab's sessionStorage, never in a cookie: the one cookie is the log-in's device
    // cookie (HttpOnly, sent to the log-in route only), which names a device, not a session.
    const cookies = await holder.context().cookies();
    expect(cookies.map(({ name, path, httpOnly }) => ({ name, path, httpOnly }))).toEqual([
      { name: 'login_device', path: '/auth/login', httpOnly: true },
    ]);
    expect(await holder.evaluate(() => Object.keys(sessionStorage))).toEqual(['lrs.portal.session']);
  });

  test('a new token shows its secret once, and the secret works against the API', async () => {
    await goTo(holder, 'Tokens', 'API tokens');
    expect(await unlabelledFields(holder)).toEqual([]);
    await holder.getByLabel('Token id').fill('e2e-first');
    await holder.getByLabel('Description').fill('Browser test');
    await holder.getByRole('button', { name: 'Create token' }).click();

    const secret = await readSecretFromDialog(holder);
    firstSecret = secret;
    expect(secret).toMatch(/^lr_[0-9A-Za-z]{32}$/);
    await holder.getByRole('button', { name: 'Copy the secret' }).waitFor();
    expect((await latestNumbers(api.baseUrl, secret)).status).toBe(200);

    await holder.getByRole('button', { name: 'I have saved it' }).click();
    await holder.getByRole('dialog').waitFor({ state: 'detached' });
    const row = holder.locator('tr[data-token-id="e2e-first"]');
    await row.getByText('Browser test').waitFor();
    await row.getByText(`${secret.slice(0, 8)}…`).waitFor();
    // Once the dialog is closed the secret is nowhere on the page.
    expect(await holder.content()).not.toContain(secret);
  });

  test('a contract error is shown as its message', async () => {
    await holder.getByLabel('Token id').fill('e2e-first');
    await holder.getByRole('button', { name: 'Create token' }).click();
    await holder
      .getByRole('alert')
      .filter({ hasText: 'Token already exists with the provided identifier.' })
      .waitFor();
  });

  test("a token's description can be edited", async () => {
    await holder.getByRole('button', { name: 'Edit token e2e-first' }).click();
    const dialog = holder.getByRole('dialog', { name: 'Edit token “e2e-first”' });
    await dialog.getByLabel('Description').fill('Renamed in the browser');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await holder.getByText('Token “e2e-first” updated.').waitFor();
    await holder.locator('tr[data-token-id="e2e-first"]').getByText('Renamed in the browser').waitFor();
  });

  test('a deleted token is refused at once', async () => {
    await holder.getByRole('button', { name: 'Delete token e2e-first' }).click();
    const confirm = holder.getByRole('dialog', { name: 'Delete token “e2e-first”?' });
    // The destructive button is not the default: the focus starts on Cancel.
    expect(await holder.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Delete token' }).click();
    await holder.getByText('Token “e2e-first” deleted').waitFor();
    await holder.locator('tr[data-token-id="e2e-first"]').waitFor({ state: 'detached' });

    const refused = await latestNumbers(api.baseUrl, firstSecret);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid bearer authentification');
  });

  test('a reset rolls the token in one server-side step (no delete); the old secret stops working', async () => {
    const before = await createToken(holder, 'e2e-second');
    // A reset used to be a delete then a create from the browser: the token was lost if the create failed.
    const calls: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      if (request.url().includes('/profile/token'))
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    holder.on('request', record);
    await holder.getByRole('button', { name: 'Reset token e2e-second' }).click();
    await holder
      .getByRole('dialog', { name: 'Reset token “e2e-second”?' })
      .getByRole('button', { name: 'Reset token' })
      .click();
    await holder.getByRole('dialog', { name: 'Token “e2e-second” reset' }).waitFor();
    secondSecret = await readSecretFromDialog(holder);
    await holder.getByRole('button', { name: 'I have saved it' }).click();

    holder.off('request', record);
    expect(secondSecret).not.toBe(before);
    expect(calls).toContain('POST /profile/token/e2e-second/roll');
    expect(calls.filter((call) => !call.startsWith('GET '))).toEqual(['POST /profile/token/e2e-second/roll']);
    expect((await latestNumbers(api.baseUrl, before)).status).toBe(401);
    expect((await latestNumbers(api.baseUrl, secondSecret)).status).toBe(200);
  });

  test('"Try it" runs a request with a token created in this tab and shows the code for it', async () => {
    await goTo(holder, 'Try it', 'Try it');
    await holder.getByLabel('Token', { exact: true }).selectOption('e2e-second');
    expect(await holder.getByLabel('Token secret').inputValue()).toBe(secondSecret);
    await holder.getByRole('button', { name: 'Use this token' }).click();
    await holder.getByLabel('Lottery').selectOption('us_powerball');
    await holder.getByRole('button', { name: 'Send request' }).click();
    const rows = holder.getByRole('table').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(5);
    await holder.getByText('X-API-Token: $LOTTERY_API_TOKEN').waitFor();
    await holder.getByText('createClient({').waitFor();
    expect(await unlabelledFields(holder)).toEqual([]);
  });

  test("the dashboard shows this month's use", async () => {
    await goTo(holder, 'Dashboard', 'Dashboard');
    await holder.getByRole('img', { name: /Daily requests/ }).waitFor();
  });

  test("an administrator disables the account: its token is refused with the contract's 403", async () => {
    await logOut(holder);
    await heading(holder, 'Log in');
    expect(await holder.evaluate(() => Object.keys(sessionStorage))).toEqual([]);

    const admin = await newPage(browser, api.baseUrl);
    await logIn(admin, api.adminEmail, api.adminPassword);
    await goTo(admin, 'Accounts', 'Accounts');
    await admin.getByLabel('Email contains').fill(email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('table').getByText('1 account matching').waitFor();
    await admin.getByRole('button', { name: `Disable ${email}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable account' }).click();
    await admin.getByText(`${email} disabled`).waitFor();
    await admin.locator(`tr[data-account-email="${email}"]`).getByText('disabled', { exact: true }).waitFor();

    const refused = await latestNumbers(api.baseUrl, secondSecret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your account has been disabled.');

    await admin.getByLabel('Email contains').fill('');
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('table').getByText('2 accounts').waitFor();

    await admin.getByRole('button', { name: `Enable ${email}` }).click();
    await admin.getByText(`${email} enabled`).waitFor();
    expect((await latestNumbers(api.baseUrl, secondSecret)).status).toBe(200);
    await admin.context().close();
  });

  test('an administrator creates a license and gives it to the account', async () => {
    const admin = await newPage(browser, api.baseUrl);
    await logIn(admin, api.adminEmail, api.adminPassword);
    await goTo(admin, 'Licenses', 'Licenses');
    await admin.getByRole('row', { name: /^free/ }).waitFor();
    await admin.getByLabel('Name').fill('e2e-gold');
    await admin.getByLabel('Monthly quota').fill('5000');
    await admin.getByRole('button', { name: 'Create license' }).click();
    await admin.getByText('License “e2e-gold” created.').waitFor();
    await admin.getByRole('row', { name: /^e2e-gold\s+5,000/ }).waitFor();

    await admin.getByRole('button', { name: 'Edit license e2e-gold' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit license “e2e-gold”' });
    await dialog.getByLabel('Per second').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Refused before it is sent, beside the field, in the portal's words.
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Enter a whole number of requests, 1 or more.' })
      .waitFor();
    await dialog.getByLabel('Per second').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('row', { name: /^e2e-gold\s+5,000\s+50\s/ }).waitFor();

    await goTo(admin, 'Accounts', 'Accounts');
    await admin.getByLabel(`License of ${email}`).selectOption('e2e-gold');
    await admin.getByRole('dialog').getByRole('button', { name: 'Change license' }).click();
    await admin.getByText(`${email} now has the license “e2e-gold”.`).waitFor();
    const limits = await fetch(`${api.baseUrl}/lottery/us_powerball/draw/latest/numbers`, {
      headers: { 'X-API-Token': secondSecret },
    });
    expect(limits.headers.get('x-quota-limit')).toBe('5000');
    await admin.context().close();
  });

  test('an administrator adds a lottery and imports its draws from CSV, with a per-line report', async () => {
    const admin = await newPage(browser, api.baseUrl);
    await logIn(admin, api.adminEmail, api.adminPassword);
    await goTo(admin, 'Lotteries', 'Lotteries');
    // The administrators' list needs no API token and costs no quota.
    await admin.getByRole('table', { name: `${bundledLotteryCount()} lotteries` }).waitFor();

    await admin.getByLabel('Tag', { exact: true }).fill('e2e_pick3');
    await admin.getByLabel('Name', { exact: true }).fill('E2E Pick 3');
    await admin.getByLabel('Country').fill('FR');
    await admin.getByLabel('Time zone').fill('Europe/Paris');
    const main = admin.getByRole('group', { name: 'Main numbers' });
    await main.getByLabel('How many').fill('3');
    await main.getByLabel('Lowest').fill('1');
    await main.getByLabel('Highest').fill('9');
    await admin.getByRole('button', { name: 'Add lottery' }).click();
    await admin.getByText('Lottery “E2E Pick 3” (e2e_pick3) added.').waitFor();

    // The same tag again: the API's 409 is shown as its message.
    await admin.getByLabel('Tag', { exact: true }).fill('e2e_pick3');
    await admin.getByLabel('Name', { exact: true }).fill('Again');
    await admin.getByLabel('Country').fill('FR');
    await admin.getByRole('button', { name: 'Add lottery' }).click();
    await admin.getByRole('alert').filter({ hasText: 'A lottery with this tag already exists.' }).waitFor();

    await admin.getByRole('radio', { name: 'E2E Pick 3 (e2e_pick3)' }).check();
    await admin
      .getByLabel('CSV content')
      .fill(['date,main,special', '2026-11-01,1 2 3,', '2026-11-02,4 5 6,', '2026-11-03,1 1 12,'].join('\n'));
    // A preview first: the same counts, nothing written (the lottery still has no draw).
    await admin.getByRole('button', { name: 'Preview' }).click();
    const report = admin.getByTestId('import-report');
    await report.getByRole('heading', { name: 'Preview: nothing is written yet' }).waitFor();
    expect(await report.locator('dt').allTextContents()).toEqual(['New', 'Changed', 'Unchanged', 'Refused']);
    expect(await report.locator('dd').allTextContents()).toEqual(['2', '0', '0', '1']);
    const adminJwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    const stored = await fetch(`${api.baseUrl}/admin/lotteries/e2e_pick3/draws?limit=0`, {
      headers: { Authorization: `Bearer ${adminJwt}` },
    }).then((r) => r.json() as Promise<{ total: number }>);
    expect(stored.total).toBe(0);
    await admin.getByRole('button', { name: 'Import draws' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Import now' }).click();
    await report.getByRole('heading', { name: 'Import report' }).waitFor();
    expect(await report.locator('dd').allTextContents()).toEqual(['2', '0', '0', '1']);
    await report.getByRole('row', { name: /^4\s/ }).waitFor();

    await admin.getByRole('button', { name: 'Refresh list' }).click();
    await admin
      .getByRole('table', { name: `${bundledLotteryCount() + 1} lotteries` })
      .getByRole('row', { name: /^e2e_pick3\s+E2E Pick 3\s+FR\s+3 of 1–9\s+—\s+2\s/ })
      .waitFor();
    await admin.context().close();
  });
});

async function createToken(page: Page, id: string): Promise<string> {
  await page.getByLabel('Token id').fill(id);
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = await readSecretFromDialog(page);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return secret;
}
