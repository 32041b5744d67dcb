import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { launchBrowser, newPage } from './support/browser';
import { heading, logIn, logOut, PASSWORD, registerViaApi, uniqueEmail } from './support/portal';

/** The account-wide ceiling of failed log-ins from clients without a device cookie (LoginBackoff). */
const ACCOUNT_FREE_FAILURES = 100;
/** How long the account-wide back-off must still run for the browser steps below. */
const BACKOFF_NEEDED_S = 16;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
let clients = 0;
/** A client address of its own for each guess: the API trusts this machine as its proxy (TRUST_PROXY). */
const nextClient = () => {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

/**
 * The device cookie (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): the portal's log-in, served
 * from the API's origin and made through the SDK's fetch, gets it, and the browser sends it on a later log-in, which
 * then gets in while a guess spread over many client addresses holds every other client back.
 */
describe('portal: a browser that logged in before is not locked out by guessers', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    // The guessers' addresses come in X-Forwarded-For from this machine, as from a load balancer.
    api = await startApi(() => ({ TRUST_PROXY: 'loopback' }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  /** One log-in attempt from a client address of its own, as a guesser elsewhere would make it. */
  const guess = async (email: string) => {
    const response = await fetch(`${api.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClient() },
      body: JSON.stringify({ email, password: 'a guess that is wrong' }),
    });
    return { status: response.status, retryAfter: Number(response.headers.get('retry-after')) };
  };

  /** Guesses from many addresses until the account-wide back-off runs for at least `seconds`. */
  async function spreadGuessing(email: string, seconds: number) {
    for (let batch = 0; batch < ACCOUNT_FREE_FAILURES / 10; batch++) {
      const statuses = (await Promise.all(Array.from({ length: 10 }, () => guess(email)))).map(
        (r) => r.status,
      );
      expect(statuses).toEqual(Array(10).fill(401));
    }
    // Past the ceiling, each guess that is let through doubles the back-off (a refused one counts for nothing).
    for (;;) {
      const answer = await guess(email);
      if (answer.status === 401) continue;
      expect(answer.status).toBe(429);
      if (answer.retryAfter >= seconds) return;
      await sleep(answer.retryAfter * 1000);
    }
  }

  async function tryLogIn(page: Page, email: string) {
    await page.goto('#/login');
    await heading(page, 'Log in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  test('the log-in sets an HttpOnly device cookie, and the browser that has it gets in during a spread guess (1280 px)', async () => {
    const email = uniqueEmail('device');
    await registerViaApi(api.baseUrl, email);
    const owner = await newPage(browser, api.baseUrl, { width: 1280, height: 860 });
    await logIn(owner, email);
    const cookies = await owner.context().cookies(api.baseUrl + '/auth/login');
    expect(cookies).toEqual([
      expect.objectContaining({
        name: 'login_device',
        path: '/auth/login',
        httpOnly: true,
        sameSite: 'Strict',
        secure: false, // plain http here; Secure over https
      }),
    ]);
    expect(cookies[0].expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600_000);
    // Neither the page's scripts nor any other path of the API sees it.
    expect(await owner.evaluate(() => document.cookie)).not.toContain('login_device');
    expect(await owner.context().cookies(api.baseUrl + '/profile')).toEqual([]);
    await logOut(owner);
    await heading(owner, 'Log in');

    await spreadGuessing(email, BACKOFF_NEEDED_S);

    // A browser the account never logged in from waits like every guesser…
    const stranger = await newPage(browser, api.baseUrl, { width: 1280, height: 860 });
    await tryLogIn(stranger, email);
    await stranger.getByText(/^Too many requests\. Try again in \d+ (seconds?|minutes?|hours?)\.$/).waitFor();
    expect(await stranger.context().cookies(api.baseUrl + '/auth/login')).toEqual([]);

    // …while the owner's browser presents its device cookie and gets in with the right password.
    await tryLogIn(owner, email);
    await heading(owner, 'Dashboard');
    expect(await owner.context().cookies(api.baseUrl + '/auth/login')).toEqual([
      expect.objectContaining({ name: 'login_device', value: cookies[0].value }),
    ]);
    await stranger.context().close();
    await owner.context().close();
  });
});
