import type { Browser } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { fieldState } from './support/forms';
import { heading, uniqueEmail } from './support/portal';

/**
 * Registration says the service's refusals in the portal's words, beside the field, and a new try never leaves
 * the last refusal beside the browser's own bubble.
 */
describe.each([1280, 375])('portal: registration messages at %i px', (width) => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a guessable password is refused in plain words, and the refusal goes once the password is edited', async () => {
    const page = await newPage(browser, api.baseUrl, { width, height: 800 });
    await page.goto('#/register');
    await heading(page, 'Create an account');
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Repeat the password').fill('password123');
    await page.getByRole('button', { name: 'Create the account' }).click();
    const plain = page.getByText('This password is too easy to guess.');
    await plain.waitFor();
    expect(await page.getByText("Invalid 'password' value").count()).toBe(0);
    expect(await fieldState(page, 'Password')).toMatchObject({
      invalid: true,
      description: expect.stringMatching(
        /^This password is too easy to guess\. .+ \| At least 10 characters\.$/,
      ),
    });
    expect(await seriousViolations(page)).toEqual([]);

    // A retry too short for the browser: it stops the submit with its bubble, and the old refusal is gone.
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(
      await page
        .getByLabel('Password', { exact: true })
        .evaluate((el: HTMLInputElement) => el.validity.tooShort),
    ).toBe(true);
    expect(await plain.count()).toBe(0);
    expect(await fieldState(page, 'Password')).toEqual({
      invalid: false,
      description: 'At least 10 characters.',
    });
    await page.context().close();
  });
});
