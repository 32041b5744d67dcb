import type { Browser, Page } from 'playwright-core';
import { loginStatus, loginViaApi } from './support/api-calls';
import { startApi, startMailingApi, type ApiServer, type MailingApi } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, profileStatus } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import {
  heading,
  openLoggedIn,
  PASSWORD,
  registerViaApi,
  uniqueEmail,
  unlabelledFields,
} from './support/portal';

const NEW_PASSWORD = 'remembered at last';

/** From the log-in page through "Forgot your password?" to the answer for this address. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.goto('#/login');
  await heading(page, 'Log in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await heading(page, 'Forgot your password?');
  // Before asking, the page promises no e-mail: it says both outcomes.
  await page
    .getByText(
      'If this service sends e-mail, a link to choose a new password goes to that address; if it does not',
    )
    .waitFor();
  expect(await page.getByText('we send you a link').count()).toBe(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Ask for a reset link' }).click();
}

/** Opens a reset link as its recipient would, and sets a new password (a mistyped repeat first). */
async function useLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await heading(page, 'Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill('not the same at all');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  expect(await fieldState(page, 'Repeat the new password')).toMatchObject({
    invalid: true,
    description: expect.stringContaining('The two passwords differ.'),
  });
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await heading(page, 'Dashboard');
}

describe('portal: password recovery without e-mail (an administrator creates the link)', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  test('the visitor is sent to an administrator, whose link sets a new password and ends older sessions', async () => {
    const email = uniqueEmail('forgetful');
    await registerViaApi(api.baseUrl, email);
    const olderSession = await loginViaApi(api.baseUrl, email);

    const visitor = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await askForLink(visitor, email);
    const answer = visitor.getByRole('status');
    await answer.getByText('This service does not send e-mail, so no link is on its way.').waitFor();
    await answer.getByText('Ask its administrator for a password reset link').waitFor();
    await expectNoSideScroll(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);

    const admin = await newPage(browser, api.baseUrl);
    await openLoggedIn(admin, {
      apiBaseUrl: api.baseUrl,
      email: api.adminEmail,
      password: api.adminPassword,
      route: '#/admin/accounts',
      title: 'Accounts',
    });
    await admin.getByLabel('Email contains').fill(email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('button', { name: `Create a password reset link for ${email}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Password reset link for ${email}` });
    const url = (await dialog.locator('pre code').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${api.baseUrl}/portal/#/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    await screenshot(admin, 'admin-reset-link');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await useLink(visitor, url);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
    expect(await loginStatus(api.baseUrl, email, NEW_PASSWORD)).toBe(200);
    expect(await profileStatus(api.baseUrl, olderSession)).toBe(401);

    // The link worked once: opened again, the page says so and offers a new one.
    await visitor.goto(url);
    await heading(visitor, 'Choose a new password');
    await visitor.getByLabel('New password', { exact: true }).fill('a third password');
    await visitor.getByLabel('Repeat the new password').fill('a third password');
    await visitor.getByRole('button', { name: 'Save and log in' }).click();
    await visitor.getByRole('alert').getByText('This password reset link is invalid').waitFor();
    await visitor.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(await loginStatus(api.baseUrl, email, NEW_PASSWORD)).toBe(200);
    await admin.context().close();
    await visitor.context().close();
  });

  test('a link cut short when copied says what to do', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/reset-password');
    await heading(page, 'Choose a new password');
    await page.getByRole('alert').getByText('This address holds no reset link.').waitFor();
    expect(await unlabelledFields(page)).toEqual([]);
    await page.context().close();
  });
});

describe('portal: password recovery by e-mail (SMTP_URL set)', () => {
  let smtp: MailingApi['smtp'];
  let api: ApiServer;
  let stopMailing: (() => Promise<void>) | undefined;
  let browser: Browser;

  beforeAll(async () => {
    // Registration's verification link has its own test (verify-email.e2e.ts).
    ({ smtp, api, stop: stopMailing } = await startMailingApi({ REGISTRATION_VERIFY_EMAIL: 'false' }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopMailing?.();
  });

  test('"Forgot your password?" mails a link that opens the portal and logs in with the new password', async () => {
    const email = uniqueEmail('mailed');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await askForLink(page, email);
    await page.getByRole('status').getByText(`If an account uses ${email}, a link`).waitFor();
    await screenshot(page, 'forgot-password-sent');

    const mail = await smtp.mailTo(email, 15_000);
    const url = /^http\S+#\/reset-password\?token=\S+$/m.exec(mail.text)?.[0] ?? '';
    expect(url.startsWith(`${api.baseUrl}/portal/#/reset-password?token=`)).toBe(true);
    await useLink(page, url);
    expect(await loginStatus(api.baseUrl, email, NEW_PASSWORD)).toBe(200);
    await page.context().close();
  });
});
