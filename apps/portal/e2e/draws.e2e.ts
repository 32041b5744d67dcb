import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import {
  adminLottery,
  createLotteryViaApi,
  createTokenViaApi,
  loginViaApi,
  newestDraws,
} from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedName } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { goTo, logIn, openLoggedIn } from './support/portal';

type Numbers = { special: boolean; order: number; value: number }[];
const mainOf = (numbers: Numbers) =>
  numbers
    .filter((n) => !n.special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value);

/**
 * The administrators' draw browser: a wrong draw is corrected or removed from the portal (it used to take a curl),
 * each change checked by the API against the rules and seen at once by the metered reads.
 */
describe('portal: browsing, correcting and deleting stored draws', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let jwt: string;

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    jwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    token = await createTokenViaApi(api.baseUrl, jwt, { id: 'draws-e2e' });
    page = await newPage(browser, api.baseUrl);
    await logIn(page, api.adminEmail, api.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  const row = (date: string) => page.locator(`tr[data-draw-date="${date}"]`);

  test('lists a lottery’s draws newest first, pages them, and bounds them by date', async () => {
    await goTo(page, 'Draws', 'Draws');
    await page.getByLabel('Lottery').selectOption('uk_lotto');
    const newest = (await newestDraws(api.baseUrl, token, 'uk_lotto', 15)).map((d) => d.date);
    await row(newest[0]).waitFor();
    expect(
      await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-draw-date'))),
    ).toEqual(newest);
    expect(await page.locator('caption').textContent()).toMatch(/^\d[\d,]* draws of uk_lotto, newest first$/);
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-01-10');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.locator('caption').getByText('3 draws of uk_lotto, newest first').waitFor();
    expect(await page.getByRole('navigation', { name: 'Draw pages' }).count()).toBe(0);
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Show' }).click();
    await row(newest[0]).waitFor();
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-draws');
  });

  test('Edit corrects a draw within the rules (a refusal is shown in the dialog); clients see it at once', async () => {
    const [latest] = await newestDraws(api.baseUrl, token, 'uk_lotto', 1);
    const numbers = mainOf(latest.numbers);
    await row(latest.date)
      .getByRole('button', { name: `Edit the draw of ${latest.date}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Draw of ${latest.date}` });
    expect(await dialog.getByLabel('Main numbers').inputValue()).toBe(numbers.join(' '));
    // UK Lotto draws 6 of 1–59: 60 breaks the rules, and the API says so.
    await dialog.getByLabel('Main numbers').fill([...numbers.slice(0, 5), 60].join(' '));
    await dialog.getByRole('button', { name: 'Save draw' }).click();
    await dialog.getByRole('alert').waitFor();
    const refusal = (await dialog.getByRole('alert').textContent()) ?? '';
    expect(refusal).toMatch(/60/);
    // The refusal is about the main numbers: it is shown at that field, which takes the focus.
    expect(await fieldState(dialog, 'Main numbers')).toEqual({ invalid: true, description: refusal });
    expect(await focusedName(page)).toBe('Main numbers');
    const other = Array.from({ length: 59 }, (_, i) => i + 1).find((n) => !numbers.includes(n)) as number;
    const corrected = [...numbers.slice(0, 5), other];
    await dialog.getByLabel('Main numbers').fill(corrected.join(' '));
    await dialog.getByRole('button', { name: 'Save draw' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `The draw of ${latest.date} now holds` })
      .waitFor();
    const [after] = await newestDraws(api.baseUrl, token, 'uk_lotto', 1);
    expect(after.date).toBe(latest.date);
    expect(mainOf(after.numbers)).toEqual(corrected);
  });

  test('Delete asks first; then the draw before becomes the latest for clients', async () => {
    const [latest, previous] = await newestDraws(api.baseUrl, token, 'uk_lotto', 2);
    await row(latest.date)
      .getByRole('button', { name: `Delete the draw of ${latest.date}` })
      .click();
    const question = page.getByRole('dialog', { name: `Delete the draw of ${latest.date}?` });
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect((await newestDraws(api.baseUrl, token, 'uk_lotto', 1))[0].date).toBe(latest.date);

    await row(latest.date)
      .getByRole('button', { name: `Delete the draw of ${latest.date}` })
      .click();
    await question.getByRole('button', { name: 'Delete draw' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `The draw of ${latest.date} was deleted.` })
      .waitFor();
    // The list refetches after the delete: wait for the deleted row to go (the previous one was there all along).
    await row(latest.date).waitFor({ state: 'detached' });
    await row(previous.date).waitFor();
    expect(await row(latest.date).count()).toBe(0);
    expect((await newestDraws(api.baseUrl, token, 'uk_lotto', 1))[0].date).toBe(previous.date);
  });

  test('at 375 px the draws are cards: nothing scrolls sideways', async () => {
    const narrow = await newPage(browser, api.baseUrl, { width: 375, height: 800 });
    await openLoggedIn(narrow, {
      apiBaseUrl: api.baseUrl,
      email: api.adminEmail,
      password: api.adminPassword,
      route: '#/admin/draws',
      title: 'Draws',
    });
    await narrow.locator('tbody tr').first().waitFor();
    await expectNoSideScroll(narrow);
    const box = narrow.locator('.table-wrap');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // In the Edit dialog, what is not a list of whole numbers is refused at its field, which takes the focus.
    await narrow
      .getByRole('button', { name: /^Edit the draw of / })
      .first()
      .click();
    const dialog = narrow.getByRole('dialog', { name: /^Draw of / });
    await dialog.getByLabel('Special numbers').fill('1 two');
    await dialog.getByRole('button', { name: 'Save draw' }).click();
    const message = 'Type whole numbers separated by spaces, in the order they were drawn.';
    await dialog.getByText(message).waitFor();
    expect(await fieldState(dialog, 'Special numbers')).toEqual({
      invalid: true,
      description: `${message} | Empty when the lottery draws none.`,
    });
    expect(await focusedName(narrow)).toBe('Special numbers');
    expect((await fieldState(dialog, 'Main numbers')).invalid).toBe(false);
    await expectNoSideScroll(narrow);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await narrow.context().close();
  });

  test('the chosen lottery comes first: its source, operator and terms, history span, rule eras and state', async () => {
    // A lottery an administrator added says what was not recorded.
    await createLotteryViaApi(api.baseUrl, jwt, { tag: 'xx_facts', name: 'Facts', draws: ['2026-01-02'] });
    await page.reload();
    await goTo(page, 'Draws', 'Draws');
    const facts = page.getByTestId('lottery-facts');
    const fact = (name: string) => facts.locator(`[data-fact="${name}"]`);
    const choose = async (tag: string, name: string) => {
      await page.getByLabel('Lottery').selectOption(tag);
      await facts.getByRole('heading', { name, exact: true }).waitFor();
    };

    await choose('us_powerball', 'Powerball');
    const powerball = await adminLottery(api.baseUrl, jwt, 'us_powerball');
    expect(await fact('source').textContent()).toBe(powerball.source);
    expect(await fact('operator').textContent()).toBe('Multi-State Lottery Association');
    expect(await fact('terms').textContent()).toBe('Open NY terms (data.ny.gov)');
    const { count, first, last } = powerball.draws;
    const counted = await page.evaluate((n) => n.toLocaleString(), count);
    expect(await fact('history').textContent()).toBe(`${first} – ${last} (${counted} draws)`);
    const eras = await fact('eras').locator('li').allTextContents();
    expect(eras).toEqual(
      powerball.rules.map(
        ({ from, main, special }) =>
          `From ${from}: ${main.count} of ${main.min}–${main.max} + ${special?.count} of ${special?.min}–${special?.max}`,
      ),
    );
    expect(eras).toHaveLength(6);
    expect(eras.at(-1)).toBe('From 2015-10-07: 5 of 1–69 + 1 of 1–26');
    expect(await fact('state').textContent()).toMatch(/^Played Stale — \d+ days behind$/);

    // A game that has ended says when.
    await choose('us_cash4life', 'Cash4Life');
    expect(await fact('state').textContent()).toMatch(/^Retired on 2026-02-21 /);
    expect(await fact('operator').textContent()).toBe('New Jersey Lottery and partner lotteries');

    await choose('xx_facts', 'Facts');
    for (const name of ['source', 'operator', 'terms'])
      expect(await fact(name).textContent()).toBe('Not recorded');
    expect(await fact('history').textContent()).toBe('2026-01-02 – 2026-01-02 (1 draw)');
    expect(await fact('eras').locator('li').allTextContents()).toEqual(['From 1800-01-01: 3 of 1–9']);
    expect(await fact('state').textContent()).toBe('Played No schedule');
    await expectNoSideScroll(page);
  });
});
