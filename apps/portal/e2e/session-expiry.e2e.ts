import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { focusedHeading, storedSession } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { heading, logIn, PASSWORD, registerViaApi, uniqueEmail } from './support/portal';

/**
 * The portal's own clock runs fast here (Playwright's clock: timers and Date in the page), so an hour-long JWT's
 * warning and expiry come in seconds; the API and its JWTs are real.
 */
describe('portal: the session warns before it expires', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function loggedInPage(viewport?: { width: number; height: number }): Promise<Page> {
    const email = uniqueEmail('expiry');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl, viewport);
    await page.clock.install();
    await logIn(page, email);
    return page;
  }

  const warning = (page: Page) => page.getByRole('alert').filter({ hasText: 'Your session ends at' });

  /** The end of the session as the warning should write it (the page's locale and time zone). */
  async function endTime(page: Page): Promise<string> {
    return page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('lrs.portal.session') ?? '{}') as {
        expiresAt: number;
      };
      return new Date(stored.expiresAt).toLocaleTimeString(undefined, { timeStyle: 'short' });
    });
  }

  test('five minutes before the end a non-modal warning says when; at the end the portal logs out', async () => {
    const page = await loggedInPage();
    const session = await storedSession(page);
    // The test API's JWTs last an hour (JWT_EXPIRES_IN's default): the portal counts from the log-in's expiresIn.
    expect(session && session.expiresAt - session.startedAt).toBe(3_600_000);
    await page.goto('#/tokens');
    await heading(page, 'API tokens');

    await page.clock.fastForward('54:00');
    await page.waitForTimeout(200);
    expect(await warning(page).count()).toBe(0);

    await page.clock.fastForward('01:30');
    await warning(page).waitFor();
    expect(await warning(page).textContent()).toContain(`Your session ends at ${await endTime(page)}.`);
    await warning(page).getByRole('button', { name: 'Log in again' }).waitFor();
    // Non-modal: the page stays usable and keeps the focus where it was.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Token id').fill('still-typing');
    expect(await page.getByLabel('Token id').inputValue()).toBe('still-typing');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'session-warning');

    await page.clock.fastForward('05:00');
    await heading(page, 'Log in');
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    expect(await warning(page).count()).toBe(0);
    expect(await storedSession(page)).toBeNull();
    await page.context().close();
  });

  test('"Log in again" renews the session on the spot: the page and what was typed stay', async () => {
    const page = await loggedInPage({ width: 375, height: 740 });
    await page.goto('#/tokens');
    await heading(page, 'API tokens');
    await page.getByLabel('Token id').fill('half-typed');
    const first = await storedSession(page);

    await page.clock.fastForward('55:30');
    await warning(page).waitFor();
    await expectNoSideScroll(page);
    await warning(page).getByRole('button', { name: 'Log in again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in again' });
    expect(await dialog.getByLabel('Email').inputValue()).toMatch(/^expiry-/);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await warning(page).count()).toBe(0);
    const renewed = await storedSession(page);
    // The renewed session ends an hour after the re-login (the page's clock moved 55 minutes on). The JWT string
    // itself may equal the first one: the server's clock did not move, and a JWT has one-second resolution.
    expect(renewed?.jwt).toEqual(expect.any(String));
    expect(renewed && first && renewed.expiresAt - first.expiresAt).toBeGreaterThanOrEqual(55 * 60_000);
    expect(await page.getByLabel('Token id').inputValue()).toBe('half-typed');
    expect(await focusedHeading(page)).toBe('API tokens');

    // Past the first JWT's end, the session goes on.
    await page.clock.fastForward('10:00');
    await page.waitForTimeout(200);
    await heading(page, 'API tokens');
    expect(await page.getByText('Your session has expired').count()).toBe(0);
    await page.context().close();
  });

  test('a short session is warned in its last quarter, not five minutes ahead', async () => {
    const email = uniqueEmail('short');
    await registerViaApi(api.baseUrl, email);
    const page = await newPage(browser, api.baseUrl);
    await page.clock.install();
    // As if the API issued one-minute JWTs (JWT_EXPIRES_IN=60): the log-in answer says so.
    await page.route('**/auth/login', async (route) => {
      const response = await route.fetch();
      route.fulfill({ response, json: { ...(await response.json()), expiresIn: 60 } });
    });
    await logIn(page, email);
    // The page's clock also runs while the log-in completes (seconds on a loaded machine): 40 s on, well inside the
    // first three quarters, no warning yet; at 46 s, in the last quarter, the warning.
    await page.clock.fastForward('00:40');
    await page.waitForTimeout(200);
    expect(await warning(page).count()).toBe(0);
    await page.clock.fastForward('00:06');
    await warning(page).waitFor();
    await page.clock.fastForward('00:15');
    await heading(page, 'Log in');
    await page.context().close();
  });
});
