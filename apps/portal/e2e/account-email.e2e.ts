import type { Browser, Page } from 'playwright-core';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../tools/testing/smtp-receiver';
import { loginStatus, loginViaApi } from './support/api-calls';
import { startApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedName, profileStatus } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import {
  heading,
  logIn,
  logOut,
  openHeaderMenu,
  PASSWORD,
  registerViaApi,
  uniqueEmail,
  unlabelledFields,
} from './support/portal';

/** The e-mail address's form on the account settings. */
const emailForm = (page: Page) => page.getByRole('form', { name: 'E-mail address' });

async function openSettings(page: Page): Promise<void> {
  await openHeaderMenu(page);
  await page.getByRole('banner').getByRole('link', { name: 'Account settings' }).click();
  await heading(page, 'Account settings');
}

/** Fills the e-mail form and sends it. */
async function askForChange(page: Page, email: string, password = PASSWORD): Promise<void> {
  const form = emailForm(page);
  await form.getByLabel('New e-mail address').fill(email);
  await form.getByLabel('Current password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Change the e-mail address' }).click();
}

/** The address the header shows for the session (in the phone's menu at 375 px). */
async function headerEmail(page: Page): Promise<string> {
  await openHeaderMenu(page);
  return (await page.getByRole('banner').locator('.settings-link').getAttribute('title')) ?? '';
}

describe('portal: changing the e-mail address by a link to the new one (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    api = await startApi((baseUrl) => ({ SMTP_URL: smtp.url, PUBLIC_URL: baseUrl }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.close();
  });

  test.each([
    [1280, 'in the session that asked'],
    [375, 'logged out, in another browser'],
  ] as const)(
    'at %i px: the link goes to the new address, and opening it %s changes the address',
    async (width, where) => {
      const email = uniqueEmail('mover');
      const wanted = uniqueEmail('moved');
      await registerViaApi(api.baseUrl, email);
      const page = await newPage(browser, api.baseUrl, { width, height: 740 });
      await logIn(page, email);
      await openSettings(page);
      await emailForm(page).getByText(email).waitFor();
      expect(await unlabelledFields(page)).toEqual([]);

      await askForChange(page, wanted);
      const sent = emailForm(page).getByRole('status');
      await sent.getByText(`We sent a link to ${wanted}.`).waitFor();
      expect(await sent.textContent()).toContain(
        'Your address changes when you open it, within 24 hours; until then it stays as it is',
      );
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-email-sent-${width}`);
      // Nothing changed yet.
      expect(await headerEmail(page)).toBe(email);
      expect(await loginStatus(api.baseUrl, wanted, PASSWORD)).toBe(401);

      const mail = await smtp.mailTo(wanted, 15_000);
      const url = /^http\S+#\/confirm-email\?token=\S+$/m.exec(mail.text)?.[0] ?? '';
      expect(url.startsWith(`${api.baseUrl}/portal/#/confirm-email?token=`)).toBe(true);
      const notice = await smtp.mailTo(email, 15_000);
      expect(notice.text).toContain(`to ${wanted} was asked`);
      expect(notice.text).not.toContain('confirm-email');

      const opener =
        where === 'in the session that asked'
          ? page
          : await newPage(browser, api.baseUrl, { width, height: 740 });
      await opener.goto(url);
      await heading(opener, 'Confirm your e-mail address');
      await opener.getByRole('status').getByText(`Your e-mail address is now ${wanted}.`).waitFor();
      await expectNoSideScroll(opener);
      expect(await seriousViolations(opener)).toEqual([]);
      if (opener === page) {
        // The header follows at once, and the session goes on.
        await page.waitForFunction(
          (address) => document.querySelector('.settings-link')?.getAttribute('title') === address,
          wanted,
        );
        await page.getByRole('link', { name: 'Go to the dashboard' }).click();
        await heading(page, 'Dashboard');
        await logOut(page);
      } else {
        await opener.getByRole('link', { name: 'Log in' }).first().click();
        await heading(opener, 'Log in');
        await opener.context().close();
        await logOut(page);
      }
      expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
      await logIn(page, wanted);
      expect(await headerEmail(page)).toBe(wanted);

      // The link worked once: opened again elsewhere, it says so.
      const again = await newPage(browser, api.baseUrl, { width, height: 740 });
      await again.goto(url);
      await heading(again, 'Confirm your e-mail address');
      await again
        .getByRole('alert')
        .getByText('This link is unknown, has expired (after 24 hours) or was already used.')
        .waitFor();
      await again.getByRole('link', { name: 'Log in' }).first().waitFor();
      await again.context().close();
      await page.context().close();
    },
  );

  test('a wrong password is refused beside its field, and nothing is sent', async () => {
    const email = uniqueEmail('wrong-password');
    const wanted = uniqueEmail('not-sent');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await logIn(page, email);
    await openSettings(page);
    await askForChange(page, wanted, 'not my password');
    await emailForm(page).getByText('This is not your password.').waitFor();
    expect(await fieldState(emailForm(page), 'Current password')).toEqual({
      invalid: true,
      description: 'This is not your password.',
    });
    expect(await fieldState(emailForm(page), 'New e-mail address')).toEqual({
      invalid: false,
      description: '',
    });
    expect(await focusedName(page)).toBe('Current password');

    // The address the account has already: said beside the address.
    await askForChange(page, email.toUpperCase());
    await emailForm(page).getByText('This is already your address. Give the new one.').waitFor();
    expect(await fieldState(emailForm(page), 'New e-mail address')).toEqual({
      invalid: true,
      description: 'This is already your address. Give the new one.',
    });
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to.includes(wanted))).toEqual([]);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(200);
    await page.context().close();
  });
});

describe('portal: changing the e-mail address without e-mail (no SMTP_URL)', () => {
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

  test.each([1280, 375])('at %i px the address changes at once and the header shows it', async (width) => {
    const email = uniqueEmail('at-once');
    const wanted = uniqueEmail('now');
    const taken = uniqueEmail('taken');
    await registerViaApi(api.baseUrl, email);
    await registerViaApi(api.baseUrl, taken);
    const elsewhere = await loginViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl, { width, height: 740 });
    await logIn(page, email);
    await openSettings(page);

    // Another account's address: refused beside the field, in the portal's words.
    await askForChange(page, taken);
    const refusal = 'Another account already uses this e-mail address.';
    await emailForm(page).getByText(refusal).waitFor();
    expect(await fieldState(emailForm(page), 'New e-mail address')).toEqual({
      invalid: true,
      description: refusal,
    });

    await askForChange(page, wanted);
    await emailForm(page).getByRole('status').getByText(`Your e-mail address is now ${wanted}.`).waitFor();
    await emailForm(page).getByText(`Your account's address is ${wanted}.`).waitFor();
    expect(await headerEmail(page)).toBe(wanted);
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `account-email-changed-${width}`);

    // Sessions stay valid; the log-in takes the new address only.
    expect(await profileStatus(api.baseUrl, elsewhere)).toBe(200);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
    expect(await loginStatus(api.baseUrl, wanted, PASSWORD)).toBe(200);
    await logOut(page);
    await logIn(page, wanted);
    await page.context().close();
  });
});
