import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedHeading, focusedName, storedSession } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { workspaceRoot } from './support/paths';
import {
  heading,
  logIn,
  logOut,
  PASSWORD,
  registerViaApi,
  uniqueEmail,
  unlabelledFields,
} from './support/portal';

/** The SDK's version: the install lines name the tarball the build packed for it. */
const SDK_VERSION = (
  JSON.parse(readFileSync(resolve(workspaceRoot, 'libs/sdk/package.json'), 'utf8')) as { version: string }
).version;

const LANDING = 'Lottery results, over one API';

interface DefaultLicense {
  name: string;
  monthlyQuota: number | null;
  perSecond: number;
  perMinute: number;
  perHour: number;
}

/** The free-tier card's text, whitespace collapsed. */
async function freeTierText(page: Page): Promise<string> {
  const card = page.getByTestId('free-tier');
  await card.getByText('Rate limits').or(card.getByText('without a license')).waitFor();
  return ((await card.textContent()) ?? '').replace(/\s+/g, ' ');
}

/** The visitor's way in: the start page, registration, log-in, and what the forms say when something is wrong. */
describe('portal: from stranger to account holder', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a stranger lands on what the service is, with the free tier as the API states it, docs and a quick start', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/');
    await heading(page, LANDING);
    await page.getByText('A licensed, metered HTTP API for lottery results').waitFor();

    const response = await fetch(`${api.baseUrl}/licenses/default`);
    expect(response.status).toBe(200);
    const license = (await response.json()) as DefaultLicense;
    const text = await freeTierText(page);
    const figure = (n: number | null) => (n === null ? 'unlimited' : n.toLocaleString('en-US'));
    expect(text).toContain(`${figure(license.monthlyQuota)} requests a month`);
    expect(text).toContain(`License${license.name}`);
    expect(text).toContain(
      `${figure(license.perSecond)}/s · ${figure(license.perMinute)}/min · ${figure(license.perHour)}/h`,
    );

    // The API's documentation, by an absolute address on the API, which answers it.
    const docs = page.getByRole('link', { name: 'API documentation' });
    expect(await docs.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      `${api.baseUrl}/docs`,
      `${api.baseUrl}/docs`,
    ]);
    expect((await fetch(`${api.baseUrl}/docs`)).status).toBe(200);
    // The quick start calls this very API.
    const sdk = page.getByRole('region', { name: 'TypeScript (SDK)' });
    expect(await sdk.locator('pre').textContent()).toContain(`baseUrl: '${api.baseUrl}'`);
    // …with the SDK installed from this very service, which serves the package.
    const install = page.getByRole('region', { name: 'Install the SDK' });
    const line = (await install.locator('pre').textContent()) ?? '';
    expect(line).toBe(`npm install ${api.baseUrl}/sdk/lottery-results-sdk-${SDK_VERSION}.tgz`);
    const served = await fetch(line.replace('npm install ', ''));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'application/gzip']);
    expect(await page.getByRole('region', { name: 'curl' }).locator('pre').textContent()).toContain(
      `'${api.baseUrl}/lottery/us_powerball/draw/latest/numbers'`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'landing');

    await page.getByRole('link', { name: 'Register for free' }).click();
    await heading(page, 'Create an account');
    await page.goBack();
    await heading(page, LANDING);
    await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await heading(page, 'Log in');
    await page.context().close();
  });

  test('the free tier is read from the API, never written in the portal', async () => {
    const page = await newPage(browser, api.baseUrl);
    const answers: (DefaultLicense | null)[] = [
      { name: 'starter', monthlyQuota: 4321, perSecond: 3, perMinute: 90, perHour: 5000 },
      null,
    ];
    let answer: DefaultLicense | null = answers[0];
    await page.route('**/licenses/default', (route) =>
      answer
        ? route.fulfill({ json: answer })
        : route.fulfill({
            status: 404,
            json: { code: 404, error: 'Not Found', message: 'No license is given to new accounts.' },
          }),
    );
    await page.goto('#/');
    expect(await freeTierText(page)).toContain('4,321 requests a month');
    expect(await freeTierText(page)).toContain('3/s · 90/min · 5,000/h');

    answer = answers[1];
    await page.reload();
    expect(await freeTierText(page)).toContain('New accounts start without a license');
    await page.context().close();
  });

  test('the free tier failing to load shows its error once, with a Retry that loads it again', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.route('**/licenses/default', (route) => route.abort('connectionrefused'));
    await page.goto('#/');
    const card = page.getByTestId('free-tier');
    await card.getByRole('alert').waitFor();
    const down = page.getByText('The service cannot be reached');
    expect(await down.count()).toBe(1);

    await page.unroute('**/licenses/default');
    await card.getByRole('button', { name: 'Retry' }).click();
    await card.getByText('Rate limits').waitFor();
    expect(await down.count()).toBe(0);
    await page.context().close();
  });

  test('at 375 px the start page does not scroll sideways', async () => {
    const page = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await page.goto('#/');
    await heading(page, LANDING);
    await page.getByTestId('free-tier').getByText('Rate limits').waitFor();
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'landing-375');
    await page.context().close();
  });

  test('registering logs the new account in: the dashboard, with the focus on its heading', async () => {
    const page = await newPage(browser, api.baseUrl);
    const email = uniqueEmail('newcomer');
    await page.goto('#/register');
    await heading(page, 'Create an account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();

    await heading(page, 'Dashboard');
    expect(await focusedHeading(page)).toBe('Dashboard');
    expect((await storedSession(page))?.jwt).toBeTruthy();
    const header = page.getByRole('banner');
    await header.getByText(email).waitFor();
    expect(await header.getByRole('link', { name: 'API docs' }).getAttribute('href')).toBe(
      `${api.baseUrl}/docs`,
    );
    await header.getByRole('link', { name: 'Account settings' }).waitFor();
    await page.context().close();
  });

  test('after log-in the focus is on the heading of the page shown, on /login and on a guarded page', async () => {
    const email = uniqueEmail('focus');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    expect(await focusedHeading(page)).toBe('Dashboard');

    await logOut(page);
    await heading(page, 'Log in');
    await page.goto('#/tokens');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading(page, 'API tokens');
    expect(await focusedHeading(page)).toBe('API tokens');
    await page.context().close();
  });

  test('log-in and registration errors are attached to their fields, which get the focus', async () => {
    const email = uniqueEmail('errors');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/login');
    await heading(page, 'Log in');
    await screenshot(page, 'login');
    expect(await fieldState(page, 'Password')).toEqual({ invalid: false, description: '' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(await fieldState(page, 'Password')).toEqual({
      invalid: true,
      description: 'Invalid email or password.',
    });
    expect(await focusedName(page)).toBe('Password');

    await page.goto('#/register');
    await heading(page, 'Create an account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(`${PASSWORD} but different`);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.getByText('The two passwords differ.').waitFor();
    expect(await fieldState(page, 'Repeat the password')).toEqual({
      invalid: true,
      description: 'The two passwords differ.',
    });
    expect(await focusedName(page)).toBe('Repeat the password');

    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page
      .getByText(
        'An account already uses this e-mail address. Log in, or ask for a new password if you forgot it.',
      )
      .waitFor();
    expect(await fieldState(page, 'Email')).toEqual({
      invalid: true,
      description:
        'An account already uses this e-mail address. Log in, or ask for a new password if you forgot it.',
    });
    // The earlier error is gone with the new attempt.
    expect(await fieldState(page, 'Repeat the password')).toEqual({ invalid: false, description: '' });
    expect(await focusedName(page)).toBe('Email');
    expect(await unlabelledFields(page)).toEqual([]);

    // A common password is refused by the API, and the portal says why, at the field.
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Repeat the password').fill('password123');
    await page.getByRole('button', { name: 'Create the account' }).click();
    const reason =
      // In the portal's own words, not the API's ("Invalid 'password' value: …").
      'This password is too easy to guess. This is a commonly used password. Add more words that are less common.';
    await page.getByText(reason).waitFor();
    expect(await fieldState(page, 'Password')).toEqual({
      invalid: true,
      description: `${reason} | At least 10 characters.`,
    });
    expect(await focusedName(page)).toBe('Password');
    await screenshot(page, 'register-weak-password');
    await page.context().close();
  });

  test('a new log-in attempt clears the old notice: it never sits next to the new error', async () => {
    const email = uniqueEmail('banners');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);
    await logOut(page);
    await heading(page, 'Log in');
    const loggedOut = page.getByText('You have logged out.');
    await loggedOut.waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(await loggedOut.count()).toBe(0);
    await page.context().close();
  });

  test('the API being down when the profile loads: the error once, the session kept, and Retry loads it', async () => {
    const email = uniqueEmail('down');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await logIn(page, email);

    let attempts = 0;
    await page.route('**/profile', (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await page.reload();
    await heading(page, 'Your account could not be loaded');
    const down = page.getByText('The service cannot be reached');
    await down.waitFor();
    expect(await down.count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect((await storedSession(page))?.jwt).toBeTruthy();

    // Retry re-runs the load: still down, one error again (not two).
    const before = attempts;
    const failed = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/profile'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await failed;
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(attempts).toBe(before + 1);
    expect(await down.count()).toBe(1);

    await page.unroute('**/profile');
    await page.getByRole('button', { name: 'Retry' }).click();
    await heading(page, 'Dashboard');
    expect(await down.count()).toBe(0);
    await page.context().close();
  });
});
