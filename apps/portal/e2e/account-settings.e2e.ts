import type { Browser, Page } from 'playwright-core';
import { createTokenViaApi, loginStatus, loginViaApi } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { latestNumbers, launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedHeading, focusedName, profileStatus, storedSession } from './support/forms';
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

const NEW_PASSWORD = 'a brand new passphrase';

/** The password's form: the e-mail address's form asks for the current password too. */
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Change the password' });

async function openSettings(page: Page): Promise<void> {
  await openHeaderMenu(page);
  await page.getByRole('banner').getByRole('link', { name: 'Account settings' }).click();
  await heading(page, 'Account settings');
}

describe('portal: account settings', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the header leads to the settings, which show the account', async () => {
    const email = uniqueEmail('settings');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    await openSettings(page);
    expect(await focusedHeading(page)).toBe('Account settings');
    await page.getByRole('main').getByText(email).waitFor();
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'Account settings' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'account-settings');
    await page.context().close();
  });

  test('a wrong current password and a mistyped repeat are refused at their fields', async () => {
    const email = uniqueEmail('wrong-current');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    await openSettings(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/profile/password')) sent.push(request.method());
    });

    await passwordForm(page).getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('The two new passwords differ.').waitFor();
    expect(await fieldState(page, 'Repeat the new password')).toEqual({
      invalid: true,
      description: 'The two new passwords differ.',
    });
    expect(sent).toEqual([]);

    await passwordForm(page).getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This is not your current password.' }).waitFor();
    expect(sent).toEqual(['PUT']);
    expect(await fieldState(passwordForm(page), 'Current password')).toEqual({
      invalid: true,
      description: 'This is not your current password.',
    });
    expect(await fieldState(page, 'Repeat the new password')).toEqual({ invalid: false, description: '' });
    expect(await focusedName(page)).toBe('Current password');
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(200);
    await page.context().close();
  });

  test('changing the password: this session goes on with a new JWT, older JWTs and the old password are refused', async () => {
    const email = uniqueEmail('new-password');
    await registerViaApi(api.baseUrl, email);
    const elsewhere = await loginViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    const before = await storedSession(page);
    await openSettings(page);

    await passwordForm(page).getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change the password' }).click();
    const changed = page.getByText('Your password has been changed.');
    await changed.waitFor();
    expect(await passwordForm(page).getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    const after = await storedSession(page);
    expect(after?.jwt).toBeTruthy();
    expect(after?.jwt).not.toBe(before?.jwt);
    expect(await profileStatus(api.baseUrl, after?.jwt ?? '')).toBe(200);
    expect(await profileStatus(api.baseUrl, before?.jwt ?? '')).toBe(401);
    expect(await profileStatus(api.baseUrl, elsewhere)).toBe(401);
    expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
    expect(await loginStatus(api.baseUrl, email, NEW_PASSWORD)).toBe(200);

    // The next attempt clears the old success: it never sits next to the new error.
    await passwordForm(page).getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD} again`);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD} again`);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This is not your current password.' }).waitFor();
    expect(await changed.count()).toBe(0);

    // Still logged in, on the new JWT: the account's pages work.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tokens' }).click();
    await heading(page, 'API tokens');
    await logOut(page);
    await logIn(page, email, NEW_PASSWORD);
    await page.context().close();
  });

  test.each([1280, 375])(
    'at %i px, deleting the account needs its password, says its tokens and webhooks go, then logs out',
    async (width) => {
      const email = uniqueEmail('leaver');
      await registerViaApi(api.baseUrl, email);
      const secret = await createTokenViaApi(api.baseUrl, await loginViaApi(api.baseUrl, email), {
        id: 'app',
      });
      expect((await latestNumbers(api.baseUrl, secret)).status).toBe(200);
      const page = await newPage(browser, api.baseUrl, { width, height: 740 });
      await logIn(page, email);
      await openSettings(page);
      await expectNoSideScroll(page);
      await page.getByText('deleted at once with all its API tokens and webhooks').waitFor();

      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByText('for good, with its API tokens and webhooks.').waitFor();
      expect(await focusedName(page)).toBe('Your password');
      await dialog.getByRole('button', { name: 'Delete the account' }).click();
      await dialog.getByText('Type your password to confirm.').waitFor();
      expect(await fieldState(dialog, 'Your password')).toEqual({
        invalid: true,
        description: 'Type your password to confirm.',
      });
      // A wrong password is the API's 400, shown at the field; nothing is deleted.
      await dialog.getByLabel('Your password').fill(`x${PASSWORD}`);
      await dialog.getByLabel('Your password').press('Enter');
      // In the portal's words, not the API's ("Invalid 'password' value. Expected the account's current password.").
      const wrong = 'This is not your password.';
      await dialog.getByText(wrong).waitFor();
      expect(await fieldState(dialog, 'Your password')).toEqual({ invalid: true, description: wrong });
      expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(200);
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(200);

      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await dialog.getByLabel('Your password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete the account' }).click();

      await heading(page, 'Lottery results, over one API');
      await page
        .getByText(`Your account ${email} has been deleted, with its API tokens and webhooks.`)
        .waitFor();
      expect(await focusedHeading(page)).toBe('Lottery results, over one API');
      expect(await storedSession(page)).toBeNull();
      expect(await loginStatus(api.baseUrl, email, PASSWORD)).toBe(401);
      expect((await latestNumbers(api.baseUrl, secret)).status).toBe(401);
      await page.context().close();
    },
  );
});
