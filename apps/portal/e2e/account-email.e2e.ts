import type { Browser, Page } from 'playwright-core';
import { changeEmailViaApi, confirmEmailStatus, loginStatus, loginViaApi } from './support/api-calls';
import { sharedApi, startMailingApi, type ApiServer, type MailingApi } from './support/api-server';
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

  test.each([
    [1280, 'in the session of the holder'],
    [375, 'logged out'],
  ] as const)(
    "at %i px the notice's link, opened %s, cancels the change, ends every session and offers a new password",
    async (width, where) => {
      const email = uniqueEmail('owner');
      const theirs = uniqueEmail('intruder');
      await registerViaApi(api.baseUrl, email);
      const page = await newPage(browser, api.baseUrl, { width, height: 740 });
      if (where === 'in the session of the holder') await logIn(page, email);
      // Someone who learned the password asks to move the account to an address of theirs.
      const intruder = await loginViaApi(api.baseUrl, email);
      expect(await changeEmailViaApi(api.baseUrl, intruder, theirs)).toBe(202);
      const confirmToken =
        /#\/confirm-email\?token=(\S+)$/m.exec((await smtp.mailTo(theirs, 15_000)).text)?.[1] ?? '';
      const notice = await smtp.mailTo(email, 15_000);
      expect(notice.text).toContain('Changing or resetting your password cancels the change too.');
      const url = /^http\S+#\/cancel-email\?token=\S+$/m.exec(notice.text)?.[0] ?? '';
      expect(url.startsWith(`${api.baseUrl}/portal/#/cancel-email?token=`)).toBe(true);

      await page.goto(url);
      await heading(page, 'Cancel the e-mail change');
      const done = page.getByRole('status');
      await done.getByText(`The change of your address to ${theirs} is cancelled`).waitFor();
      expect(await done.textContent()).toContain(`your account keeps ${email}`);
      await page.getByText('Every session of your account was ended').waitFor();
      // This browser's session ended too: the header offers to log in.
      await openHeaderMenu(page);
      await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `cancel-email-${width}`);

      expect(await profileStatus(api.baseUrl, intruder)).toBe(401);
      expect(await confirmEmailStatus(api.baseUrl, confirmToken)).toBe(400);
      expect(await loginStatus(api.baseUrl, theirs, PASSWORD)).toBe(401);
      await page.getByRole('link', { name: 'Choose a new password' }).click();
      await heading(page, 'Forgot your password?');

      // The link worked once: opened again, it says so and still offers a new password.
      const again = await newPage(browser, api.baseUrl, { width, height: 740 });
      await again.goto(url);
      await heading(again, 'Cancel the e-mail change');
      await again
        .getByRole('alert')
        .getByText('This link is unknown, has expired (after 24 hours) or was already used')
        .waitFor();
      await again.getByRole('link', { name: 'choose a new password' }).waitFor();
      await expectNoSideScroll(again);
      expect(await seriousViolations(again)).toEqual([]);
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
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
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

    await askForChange(page, wanted);
    await emailForm(page).getByRole('status').getByText(`Your e-mail address is now ${wanted}.`).waitFor();
    await emailForm(page).getByText(`Your account's address is ${wanted}.`).waitFor();
    expect(await headerEmail(page)).toBe(wanted);
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `account-email-changed-${width}`);

    // One request a minute, whatever it asks: the next one is refused with the wait, before any conflict.
    await askForChange(page, taken);
    await emailForm(page)
      .getByRole('alert')
      .getByText(/^Too many requests\. Try again in \d+ (seconds?|minutes?|hours?)\.$/)
      .waitFor();
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Sessions stay valid; the log-in takes the new address only.
    expect(await profileStatus(api.baseUrl, elsewhere)).toBe(200);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
    expect(await loginStatus(api.baseUrl, wanted, PASSWORD)).toBe(200);
    await logOut(page);
    await logIn(page, wanted);
    await page.context().close();
  });

  test("another account's address is refused beside the field, in the portal's words", async () => {
    const email = uniqueEmail('refused');
    const taken = uniqueEmail('taken');
    await registerViaApi(api.baseUrl, email);
    await registerViaApi(api.baseUrl, taken);
    const page = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await logIn(page, email);
    await openSettings(page);
    await askForChange(page, taken);
    const refusal = 'Another account already uses this e-mail address.';
    await emailForm(page).getByText(refusal).waitFor();
    expect(await fieldState(emailForm(page), 'New e-mail address')).toEqual({
      invalid: true,
      description: refusal,
    });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(200);
    await page.context().close();
  });
});
