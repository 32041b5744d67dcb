import type { Browser, Page } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations, type AxeProblem } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import {
  heading,
  logIn,
  logOut,
  PASSWORD,
  readSecretFromDialog,
  registerViaApi,
  uniqueEmail,
  unlabelledFields,
} from './support/portal';

/** What has the focus: its tag, label or name, and whether a focus ring is drawn. */
/**
 * Clicks "Use this token" and waits for that check of the token to end. Until it does no token is in use, and the
 * page's form for it is not there: one filled meanwhile is replaced by an empty one when the check ends (the token
 * was already in use, resumed from the page before, so the page before the click looks the same).
 */
async function useToken(page: Page, id: string): Promise<void> {
  const checking = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/lotteries') &&
      response.request().headers()['x-api-token'] !== undefined,
  );
  await page.getByRole('button', { name: 'Use this token' }).click();
  await checking;
  await page.getByText(`Using token “${id}”`).waitFor();
}

async function focused(page: Page): Promise<{ tag: string; name: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '', ring: false };
    const input = el as HTMLInputElement;
    const name = input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { tag: el.tagName.toLowerCase(), name: name.trim(), ring };
  });
}

describe('portal: keyboard and small screens', () => {
  let api: ApiServer;
  let browser: Browser;
  const email = uniqueEmail('keyboard');

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the log-in form works with the keyboard alone, with a visible focus at every step', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/login');
    await heading(page, 'Log in');

    // Tab from the top of the page: skip link, header links, then the form's fields in order.
    const visited: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.ring).toBe(true);
      visited.push(`${now.tag}:${now.name}`);
      if (now.tag === 'input' && now.name === 'Email') break;
    }
    expect(visited).toEqual([
      'a:Skip to content',
      'a:Lottery Results',
      'a:Log in',
      'a:Register',
      'input:Email',
    ]);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ tag: 'input', name: 'Password', ring: true });
    await page.keyboard.type('wrong password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();

    await page.getByLabel('Password').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ tag: 'button', name: 'Log in', ring: true });
    await page.keyboard.press('Enter');
    await heading(page, 'Dashboard');
    await page.context().close();
  });

  test('the skip link moves the focus to the page content', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/login');
    await heading(page, 'Log in');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });

  test('no page scrolls sideways at 375 px, and every field has a label', async () => {
    const page = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    for (const [path, title] of [
      ['#/', 'Lottery results, over one API'],
      ['#/login', 'Log in'],
      ['#/register', 'Create an account'],
      ['#/forgot-password', 'Forgot your password?'],
      ['#/reset-password?token=abc', 'Choose a new password'],
    ]) {
      await page.goto(path);
      await heading(page, title);
      await expectNoSideScroll(page);
      expect(await unlabelledFields(page)).toEqual([]);
    }

    await logIn(page, email);
    await page.getByText('of 1,000 requests').waitFor();
    await expectNoSideScroll(page);

    await page.goto('#/tokens');
    await heading(page, 'API tokens');
    await page.getByLabel('Token id').fill('a-rather-long-token-identifier-for-a-small-screen');
    await page
      .getByLabel('Description')
      .fill('Created on a phone-sized screen to see that the table scrolls in its box');
    await page.getByRole('button', { name: 'Create token' }).click();
    await readSecretFromDialog(page);
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.locator('tr[data-token-id]').first().waitFor();
    await expectNoSideScroll(page);

    await page.goto('#/try');
    await heading(page, 'Try it');
    await useToken(page, 'a-rather-long-token-identifier-for-a-small-screen');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    await expectNoSideScroll(page);
    expect(await unlabelledFields(page)).toEqual([]);

    await page.goto('#/check');
    await heading(page, 'Check numbers');
    await useToken(page, 'a-rather-long-token-identifier-for-a-small-screen');
    await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7\n8 19 27 44 60 + 3');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2025-01-01');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByRole('region', { name: 'Results' }).getByRole('table').first().waitFor();
    await expectNoSideScroll(page);
    expect(await unlabelledFields(page)).toEqual([]);

    await page.goto('#/stats');
    await heading(page, 'Number statistics');
    await useToken(page, 'a-rather-long-token-identifier-for-a-small-screen');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('table', { name: 'Main numbers: every value' }).waitFor();
    await expectNoSideScroll(page);
    expect(await unlabelledFields(page)).toEqual([]);

    await page.goto('#/account');
    await heading(page, 'Account settings');
    await expectNoSideScroll(page);
    expect(await unlabelledFields(page)).toEqual([]);

    await logOut(page);
    await logIn(page, api.adminEmail, api.adminPassword);
    for (const [path, title] of [
      ['#/admin/accounts', 'Accounts'],
      ['#/admin/licenses', 'Licenses'],
      ['#/admin/lotteries', 'Lotteries'],
      ['#/admin/sync', 'Sync'],
    ]) {
      await page.goto(path);
      await heading(page, title);
      await page.locator('main table, main form').first().waitFor();
      await expectNoSideScroll(page);
      expect(await unlabelledFields(page)).toEqual([]);
    }
    await page.context().close();
  });
});

/**
 * axe-core on every page, at desktop width and at 375 px: no `serious` or `critical` violation. A failure lists
 * each page's problems (rule, elements, axe's explanation).
 */
describe('portal: axe-core finds no serious or critical problem', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the check itself reports a serious problem when there is one', async () => {
    const page = await newPage(browser, api.baseUrl);
    await page.goto('#/login');
    await heading(page, 'Log in');
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')?.append(image);
    });
    expect((await seriousViolations(page)).map((problem) => problem.id)).toContain('image-alt');
    await page.context().close();
  });

  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 375, height: 740 },
  ]) {
    test(`every page at ${viewport.width} px`, async () => {
      const email = uniqueEmail(`axe-${viewport.width}`);
      await registerViaApi(api.baseUrl, email);
      const page = await newPage(browser, api.baseUrl, viewport);
      const problems: Record<string, AxeProblem[]> = {};
      const check = async (name: string) => {
        const found = await seriousViolations(page);
        if (found.length > 0) problems[name] = found;
      };

      for (const [path, title] of [
        ['#/', 'Lottery results, over one API'],
        ['#/login', 'Log in'],
        ['#/register', 'Create an account'],
        ['#/forgot-password', 'Forgot your password?'],
        ['#/reset-password?token=abc', 'Choose a new password'],
      ]) {
        await page.goto(path);
        await heading(page, title);
        await check(path);
      }

      await logIn(page, email);
      await page.getByRole('img', { name: /Daily requests/ }).waitFor();
      await check('dashboard');

      await page.goto('#/tokens');
      await heading(page, 'API tokens');
      await page.getByLabel('Token id').fill('axe');
      await page.getByRole('button', { name: 'Create token' }).click();
      await readSecretFromDialog(page);
      await check('tokens, secret dialog open');
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await page.locator('tr[data-token-id]').first().waitFor();
      await check('tokens');

      await page.goto('#/try');
      await heading(page, 'Try it');
      await useToken(page, 'axe');
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByRole('table').locator('tbody tr').first().waitFor();
      await check('try it');

      await page.goto('#/check');
      await heading(page, 'Check numbers');
      await useToken(page, 'axe');
      await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7\n8 19 27 44 60 + 3');
      await page.getByLabel('A range').check();
      await page.getByLabel('From', { exact: true }).fill('2025-01-01');
      await page.getByRole('button', { name: 'Check numbers' }).click();
      await page.getByRole('region', { name: 'Results' }).getByRole('table').first().waitFor();
      await check('check numbers');

      await page.goto('#/stats');
      await heading(page, 'Number statistics');
      await useToken(page, 'axe');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.getByRole('table', { name: 'Main numbers: every value' }).waitFor();
      await check('number statistics');

      await page.goto('#/account');
      await heading(page, 'Account settings');
      await check('account settings');

      await logOut(page);
      await logIn(page, api.adminEmail, api.adminPassword);
      for (const [path, title] of [
        ['#/admin/accounts', 'Accounts'],
        ['#/admin/licenses', 'Licenses'],
        ['#/admin/lotteries', 'Lotteries'],
        ['#/admin/sync', 'Sync'],
      ]) {
        await page.goto(path);
        await heading(page, title);
        await page.locator('main table').first().waitFor();
        await check(path);
      }
      expect(problems).toEqual({});
      await page.context().close();
    });
  }
});
