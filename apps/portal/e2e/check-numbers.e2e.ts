import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedHeading, focusedName } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { workspaceRoot } from './support/paths';
import { goTo, heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

/** The dates of the bundled Powerball draws (the API under test starts from the bundle), oldest first. */
function powerballDates(): string[] {
  return readFileSync(join(workspaceRoot, 'apps/api/data/draws/us_powerball.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.slice(0, 10))
    .sort();
}

/** The results' entry for one line of the text area. */
function lineResult(page: Page, line: number): Locator {
  return page
    .getByRole('region', { name: 'Results' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: `Line ${line}`, exact: true }) });
}

/** The text of the balls of a line's numbers that are marked matched (filled, ringed, underlined). */
async function matchedBalls(
  result: Locator,
): Promise<{ text: string; weight: number; underline: boolean }[]> {
  return result.locator('.ticket-numbers li.matched').evaluateAll((balls) =>
    balls.map((ball) => ({
      text: ball.textContent ?? '',
      weight: Number(getComputedStyle(ball).fontWeight),
      underline: getComputedStyle(ball).textDecorationLine.includes('underline'),
    })),
  );
}

/**
 * "Check numbers": an account holder's lines checked with one of their tokens against one draw, a range, and
 * the latest draw; malformed lines refused before any request, the API's refusals shown at the field.
 */
describe('portal: Check numbers', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let secret = '';
  const checks: string[] = [];
  /** The bodies the page sent to the check route, in order. */
  const checkBodies: { from?: string; to?: string; date?: string }[] = [];

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const email = uniqueEmail('check');
    await registerViaApi(api.baseUrl, email);
    const jwt = await loginViaApi(api.baseUrl, email);
    secret = await createTokenViaApi(api.baseUrl, jwt, { id: 'checker' });
    page = await newPage(browser, api.baseUrl);
    page.on('request', (request) => {
      if (/\/lottery\/[^/]+\/check$/.test(new URL(request.url()).pathname)) {
        checks.push(request.url());
        checkBodies.push(request.postDataJSON());
      }
    });
    await logIn(page, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('opened from the header, it checks two UK Lotto lines against the draw of one date', async () => {
    await goTo(page, 'Check numbers', 'Check numbers');
    expect(await focusedHeading(page)).toBe('Check numbers');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check numbers' });
    expect(await link.getAttribute('aria-current')).toBe('page');

    // The token is chosen as on "Try it": this one was made through the API, so its secret is pasted.
    await page.getByLabel('Token secret').fill(secret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “checker” (${secret.slice(0, 8)}…)`).waitFor();

    await page.getByLabel('Lottery').selectOption('uk_lotto');
    // The hint says the chosen lottery's format: its count, range and special.
    const hint = (await fieldState(page, 'Your lines')).description;
    expect(hint).toContain('6 numbers from 1 to 59');
    expect(hint).toContain('The Bonus Ball is drawn from the same numbers');
    await page.getByLabel('Your lines').fill('3 5 7 18 21 38\n1, 2, 4, 6, 8, 9');
    await page.getByLabel('One date').check();
    await page.getByLabel('Draw date').fill('2025-07-30');
    await page.getByRole('button', { name: 'Check numbers' }).click();

    await page
      .getByText('2 lines checked against the Lotto (UK National Lottery) draw of 2025-07-30.')
      .waitFor();
    const winner = lineResult(page, 1);
    expect(await winner.textContent()).toContain('Rank 2 — GBP 1,000,000 · 5 numbers + 1 Bonus Ball matched');
    // The matched numbers are marked beyond colour (bold, underlined) and say so in words; 38 matched the bonus.
    const matched = await matchedBalls(winner);
    expect(matched.map((ball) => ball.text)).toEqual([
      '3 (matched)',
      '5 (matched)',
      '7 (matched)',
      '18 (matched)',
      '21 (matched)',
      '38 (matched the Bonus Ball)',
    ]);
    expect(matched.every((ball) => ball.weight >= 700 && ball.underline)).toBe(true);
    const loser = lineResult(page, 2);
    expect(await loser.textContent()).toContain('No prize · no number matched');
    expect(await matchedBalls(loser)).toEqual([]);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-one-draw');
  });

  test('a Powerball line against a range: how many wins in how many draws, newest first', async () => {
    await page.getByLabel('Lottery').selectOption('us_powerball');
    expect((await fieldState(page, 'Your lines')).description).toContain(
      '5 numbers from 1 to 69, then + and the Powerball (from 1 to 26)',
    );
    await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2025-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-12-31');
    await page.getByRole('button', { name: 'Check numbers' }).click();

    await page.getByText(/^1 line checked against \d+ draws of Powerball, from 2025-/).waitFor();
    const result = lineResult(page, 1);
    // The bundled Powerball history: in 2025's 157 draws this line won four times (its Powerball, 7, thrice).
    await result.getByText('4 wins in 157 draws', { exact: true }).waitFor();
    const table = result.getByRole('table', { name: /Wins of line 1/ });
    const dates = await table
      .locator('tbody th time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates).toEqual(['2025-12-22', '2025-12-06', '2025-10-18', '2025-01-15']);
    expect(dates).toEqual([...dates].sort().reverse());
    // Each win says its prize in words: Powerball's lower divisions are fixed amounts.
    const prizes = await table.locator('tbody td[data-label="Prize"]').allTextContents();
    expect(prizes).toEqual(['Rank 8 — USD 4', 'Rank 8 — USD 4', 'Rank 6 — USD 7', 'Rank 9 — USD 4']);
    // Powerball's prizes are not stored: the total is the structure's fixed prizes, summed.
    expect(await result.getByTestId('check-total').textContent()).toBe('Won in total: $19.00.');

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a malformed line is refused at the field, naming the line, before any request', async () => {
    const before = checks.length;
    await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7\n1 2 three 4 5 + 6');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText('Line 2: “three” is not a whole number.').waitFor();
    const state = await fieldState(page, 'Your lines');
    expect(state.invalid).toBe(true);
    expect(state.description).toContain('Line 2: “three” is not a whole number.');
    // The focus is on what to fix.
    expect(await focusedName(page)).toBe('Your lines');

    await page.getByLabel('Your lines').fill('3 11 26 40 62 7');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText('Line 1: add the Powerball after a +').waitFor();
    expect(checks.length).toBe(before);
  });

  test("the API's refusal is shown at the field, on the line it is about", async () => {
    const before = checks.length;
    await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7\n1 2 3 4 70 + 7');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText('Line 2 (main numbers): 70 is out of range 1-69').waitFor();
    expect(checks.length).toBe(before + 1);
    const state = await fieldState(page, 'Your lines');
    expect(state.invalid).toBe(true);
    expect(state.description).toMatch(/^Line 2 \(main numbers\): 70 is out of range 1-69 \(the rules from/);
    // No results of an earlier check stay on screen beside the error.
    expect(await page.getByRole('region', { name: 'Results' }).count()).toBe(0);
  });

  test('with the keyboard alone, against the latest draw', async () => {
    await page.getByLabel('Your lines').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3 11 26 40 62 + 7');
    // Into the radio group (on "A range"), back to "Latest draw" with the arrows, on to the button.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('A range');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByLabel('Latest draw').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Check numbers');
    await page.keyboard.press('Enter');
    await page.getByText(/^1 line checked against the Powerball draw of \d{4}-\d\d-\d\d\.$/).waitFor();
    expect(await lineResult(page, 1).textContent()).toMatch(/(Rank \d — |No prize · )/);
  });

  test('at 375 px nothing scrolls sideways, and axe finds no serious problem', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByLabel('A range').check();
    await page.getByLabel('Your lines').fill('3 11 26 40 62 + 7\n8 19 27 44 60 + 3');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText(/^2 lines checked against \d+ draws of Powerball/).waitFor();
    await lineResult(page, 2).scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('a range with both dates empty is the whole history; draws of rules a line does not fit are said skipped', async () => {
    await page.getByLabel('Lottery').selectOption('us_powerball');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    // What the hints promise, the request does.
    expect((await fieldState(page, 'From')).description).toContain('Empty: from the first draw');
    expect((await fieldState(page, 'To')).description).toContain('Empty: to the latest draw');
    // A current line (69 could not be drawn before 2015-10-07), and one of 2009-01-07 .. 2015-10-06 only (59 and
    // a Powerball of 30: more than today's 26).
    await page.getByLabel('Your lines').fill('3 11 26 40 69 + 7\n5 17 28 44 59 + 30');
    await page.getByRole('button', { name: 'Check numbers' }).click();

    const dates = powerballDates();
    const [first, last] = [dates[0], dates.at(-1)!];
    const count = (n: number) => n.toLocaleString('en-US');
    await page
      .getByText(
        `2 lines checked against ${count(dates.length)} draws of Powerball, from ${first} to ${last}.`,
        { exact: true },
      )
      .waitFor();
    expect(checkBodies.at(-1)).toMatchObject({ from: first });
    expect(checkBodies.at(-1)).not.toHaveProperty('to');
    expect(checkBodies.at(-1)).not.toHaveProperty('date');

    const since2015 = dates.filter((date) => date >= '2015-10-07').length;
    const current = lineResult(page, 1);
    await current
      .getByText(
        `${count(dates.length - since2015)} draws skipped: this line does not fit the rules of Powerball on ` +
          'their dates (other numbers could be played then).',
        { exact: true },
      )
      .waitFor();
    // Its tally counts the draws it was checked against: those since 2015-10-07.
    expect(await current.locator('.check-verdict').textContent()).toMatch(
      new RegExp(`^(\\d+ wins?|No win) in ${count(since2015)} draws$`),
    );
    const currentWins = await current
      .locator('tbody th time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(currentWins.every((date) => date >= '2015-10-07')).toBe(true);

    const older = lineResult(page, 2);
    const between = dates.filter((date) => date >= '2009-01-07' && date < '2015-10-07').length;
    await older.getByText(`${count(dates.length - between)} draws skipped:`).waitFor();
    expect(await older.locator('.check-verdict').textContent()).toMatch(
      new RegExp(`in ${count(between)} draws$`),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the API names every line at fault in one refusal: each is shown, with its line number', async () => {
    await page.getByLabel('Your lines').fill('1 2 3 4 70 + 7\n3 11 26 40 69 + 7\n\n1 2 3 4 5 + 43');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    const expected =
      'Line 1 (main numbers): 70 is out of range 1-69 (the rules from 2015-10-07). ' +
      'Line 4 (Powerball): 43 is out of range 1-26 (the rules from 2015-10-07).';
    await page.getByText(expected).waitFor();
    const state = await fieldState(page, 'Your lines');
    expect(state.invalid).toBe(true);
    expect(state.description).toContain(expected);
    expect(await page.getByRole('region', { name: 'Results' }).count()).toBe(0);
  });

  test('a EuroMillions line on 2025-03-25: the rank won and what the draw paid it; its date opens the draw', async () => {
    await page.getByLabel('Lottery').selectOption('eu_euromillions');
    await page.getByLabel('Your lines').fill('1 3 18 40 50 + 2 11');
    await page.getByLabel('One date').check();
    await page.getByLabel('Draw date').fill('2025-03-25');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page
      .getByText('1 line checked against the EuroMillions draw of 2025-03-25.', { exact: true })
      .waitFor();
    // The draw was 36 3 18 33 1 + 6 2: 1, 3, 18 and the star 2 matched, rank 9, which paid 59,429 lines €11.50.
    expect(await lineResult(page, 1).locator('.check-verdict').textContent()).toBe(
      'Rank 9 — €11.50 per winning line (59,429 winners) · 3 numbers + 1 Lucky Stars (étoiles) matched',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('region', { name: 'Results' }).getByRole('link', { name: '2025-03-25' }).click();
    await heading(page, 'EuroMillions: the draw of 2025-03-25');
    // The token of this page carries on there.
    const row = page.locator('table.prize-table tbody tr[data-rank="9"]');
    expect(await row.locator('td[data-label="Winners"]').textContent()).toBe('59,429');
    expect(await row.locator('td[data-label="Paid per winner"]').textContent()).toBe('€11.50');

    // Back: the lines and the results are as they were.
    await page.goBack();
    await heading(page, 'Check numbers');
    await page
      .getByText('1 line checked against the EuroMillions draw of 2025-03-25.', { exact: true })
      .waitFor();
    expect(await page.getByLabel('Your lines').inputValue()).toBe('1 3 18 40 50 + 2 11');
    expect(await page.getByLabel('Draw date').inputValue()).toBe('2025-03-25');
  });

  test("a range: each win with what its draw paid, and the line's total; each date opens its draw", async () => {
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2025-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-03-25');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page
      .getByText(/^1 line checked against \d+ draws of EuroMillions, from 2025-01-\d\d to 2025-03-25\.$/)
      .waitFor();
    const result = lineResult(page, 1);
    await result.getByText(/^3 wins in \d+ draws$/).waitFor();
    expect(await result.getByTestId('check-total').textContent()).toBe('Won in total: €29.60.');
    const table = result.getByRole('table', { name: /Wins of line 1/ });
    expect(await table.locator('tbody td[data-label="Prize"]').allTextContents()).toEqual([
      'Rank 9 — €11.50 per winning line (59,429 winners)',
      'Rank 13 — €3.60 per winning line (2,319,001 winners)',
      'Rank 8 — €14.50 per winning line (21,878 winners)',
    ]);
    const links = table.locator('tbody th a');
    expect(await links.allTextContents()).toEqual(['2025-03-25', '2025-03-21', '2025-02-21']);
    expect(await links.nth(1).getAttribute('href')).toBe('#/draws/eu_euromillions/2025-03-21');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-range');
  });

  test('a win whose amount is not published is counted beside the total (French Loto, prizes stored until 2024-07-24)', async () => {
    await page.getByLabel('Lottery').selectOption('fr_lotto');
    await page.getByLabel('Your lines').fill('8 11 40 42 47 + 4');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2024-07-20');
    await page.getByLabel('To', { exact: true }).fill('2024-07-31');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    const result = lineResult(page, 1);
    await result.getByText(/^2 wins in \d+ draws$/).waitFor();
    expect(await result.getByTestId('check-total').textContent()).toBe(
      'Won in total: €467.30, plus 1 win whose amount is not published.',
    );
    expect(await result.locator('tbody td[data-label="Prize"]').allTextContents()).toEqual([
      'Rank 5 — share of the prize pool',
      'Rank 4 — €467.30 per winning line (418 winners)',
    ]);
  });

  test('at 375 px the amounts paid and the totals fit: nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByLabel('Lottery').selectOption('eu_euromillions');
    await page.getByLabel('Your lines').fill('1 3 18 40 50 + 2 11\n5 12 23 34 45 + 3 9');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2024-10-01');
    await page.getByLabel('To', { exact: true }).fill('2025-03-25');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText(/^2 lines checked against \d+ draws of EuroMillions/).waitFor();
    const first = lineResult(page, 1);
    await first.getByTestId('check-total').scrollIntoViewIfNeeded();
    expect(await first.getByTestId('check-total').textContent()).toMatch(/^Won in total: €\d+\.\d\d\.$/);
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-range-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('the answer follows the question: every round of a date, and a range of one draw lists wins only', async () => {
    // Skandináv lottó draws two rounds a date: 2021-09-15 drew 1 7 20 22 27 28 30, then 6 8 15 29 32 34 35.
    await page.getByLabel('Lottery').selectOption('hu_skandinav');
    await page.getByLabel('Your lines').fill('1 7 20 22 27 28 30');
    await page.getByLabel('One date').check();
    await page.getByLabel('Draw date').fill('2021-09-15');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page.getByText(/^1 line checked against the 2 draws of Skandináv lottó on 2021-09-15\.$/).waitFor();
    // One verdict per round, newest round first, a prize or not; each opens its round's draw.
    const rounds = lineResult(page, 1).locator('.check-rounds .check-verdict');
    const verdicts = await rounds.allTextContents();
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]).toMatch(/^2021-09-15, round 2: No prize · none \(no number matched\)$/);
    expect(verdicts[1]).toMatch(/^2021-09-15, round 1: Rank 1\b/);
    expect(await rounds.getByRole('link').allTextContents()).toEqual([
      '2021-09-15, round 2',
      '2021-09-15, round 1',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-two-rounds');

    // A range of one draw is a range: no entry for a draw not won, "no win", never "No prize" for one draw.
    await page.getByLabel('Lottery').selectOption('uk_lotto');
    await page.getByLabel('Your lines').fill('1 2 4 6 8 9');
    await page.getByLabel('A range').check();
    await page.getByLabel('From', { exact: true }).fill('2025-07-30');
    await page.getByLabel('To', { exact: true }).fill('2025-07-30');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page
      .getByText('1 line checked against the Lotto (UK National Lottery) draw of 2025-07-30.')
      .waitFor();
    expect(await lineResult(page, 1).locator('.check-verdict').textContent()).toBe('No win in 1 draw');
  });
});
