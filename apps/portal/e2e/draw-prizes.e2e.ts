import { spawnSync } from 'node:child_process';
import type { Browser, Locator, Page } from 'playwright-core';
import { createRoundsLotteryViaApi, createTokenViaApi, loginViaApi } from './support/api-calls';
import { startApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { goTo, heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

/** The row of one prize rank in the draw's prize table, cell by cell (their labels as on a phone's cards). */
async function prizeRow(table: Locator, rank: number): Promise<Record<string, string>> {
  const row = table.locator(`tbody tr[data-rank="${rank}"]`);
  // Its cells are read at once (evaluateAll does not wait): the row first, as the draw may still be loading.
  await row.waitFor();
  const cells = await row
    .locator('td')
    .evaluateAll((tds) =>
      tds.map((td) => [td.getAttribute('data-label') ?? '', td.textContent?.trim() ?? '']),
    );
  // As shown: "Rank " is there only on a phone's cards.
  const rankText = (await row.locator('th').innerText()).trim();
  return { Rank: rankText, ...Object.fromEntries(cells) };
}

async function snippet(page: Page, title: string): Promise<string> {
  return (await page.getByRole('region', { name: title }).locator('pre').textContent()) ?? '';
}

/**
 * What a draw paid: "Try it" sends the two prize routes, and a draw's own page shows its numbers and prize table
 * (EuroMillions of 2025-03-25, whose prizes are bundled), or says that the operator has published none
 * (Powerball, whose prizes are not bundled); at 1280 and 375 px.
 */
describe('portal: a draw and what it paid', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let secret = '';
  /** The lottery routes the browser called, in order. */
  const calls: string[] = [];

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    const email = uniqueEmail('prizes');
    await registerViaApi(api.baseUrl, email);
    const jwt = await loginViaApi(api.baseUrl, email);
    secret = await createTokenViaApi(api.baseUrl, jwt, { id: 'prizes' });
    // A lottery that draws two rounds a date, the second round's prizes published (the bundle has none such).
    const adminJwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    await createRoundsLotteryViaApi(api.baseUrl, adminJwt, {
      tag: 'e2e_rounds',
      name: 'Rounds',
      draws: [
        { date: '2026-06-10', round: 1, main: [5, 6, 7], special: [8] },
        { date: '2026-06-10', round: 2, main: [9, 10, 11], special: [12] },
      ],
      prizes: [
        {
          date: '2026-06-10',
          round: 2,
          body: {
            currency: 'GBP',
            jackpot: { amount: 2000000, won: false, rollovers: 2 },
            divisions: [
              { rank: 1, winners: 0, amount: null },
              { rank: 2, winners: 3, amount: 100 },
              { rank: 3, winners: 12, amount: 5.25 },
            ],
            next: { date: '2026-06-13', estimatedJackpot: 2500000 },
            source: 'e2e operator page',
          },
        },
      ],
    });
    page = await newPage(browser, api.baseUrl);
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/lottery/')) calls.push(`${pathname}${search}`);
    });
    await logIn(page, email);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  test('"Try it" lists the two prize routes and sends each; its snippets call them', async () => {
    await goTo(page, 'Try it', 'Try it');
    await page.getByLabel('Token secret').fill(secret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “prizes” (${secret.slice(0, 8)}…)`).waitFor();
    await page.getByLabel('Lottery').selectOption('eu_euromillions');

    const routes = await page.getByLabel('Route').locator('option').allTextContents();
    expect(routes).toEqual([
      'GET /lottery/{tag}/draws',
      'GET /lottery/{tag}/draw/latest/prizes',
      'GET /lottery/{tag}/draw/{date}/prizes',
    ]);

    await page.getByLabel('Route').selectOption('latest-prizes');
    expect((await fieldState(page, 'Route')).description).toBe('What the latest draw paid');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page
      .getByText(
        'GET /lottery/eu_euromillions/draw/latest/prizes → 200, 13 prize ranks of the EuroMillions draw of 2025-03-25',
      )
      .waitFor();
    expect(calls.at(-1)).toBe('/lottery/eu_euromillions/draw/latest/prizes');
    expect(await snippet(page, 'curl')).toContain(
      `'${api.baseUrl}/lottery/eu_euromillions/draw/latest/prizes'`,
    );
    expect(await snippet(page, 'TypeScript (SDK)')).toContain(
      "const prizes = await client.latestPrizes('eu_euromillions');",
    );

    // One date: the field starts empty (the newest draw, as its hint says); the snippets follow the date typed.
    await page.getByLabel('Route').selectOption('prizes');
    expect((await fieldState(page, 'Draw date')).description).toContain(
      'Empty: the newest draw stored, 2025-03-25',
    );
    await page.getByLabel('Draw date').fill('2025-03-21');
    expect(await snippet(page, 'TypeScript (SDK)')).toContain(
      "const prizes = await client.prizes('eu_euromillions', '2025-03-21');",
    );
    expect(await snippet(page, 'Python (requests)')).toContain(
      `"${api.baseUrl}/lottery/eu_euromillions/draw/2025-03-21/prizes",`,
    );
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('→ 200, 13 prize ranks of the EuroMillions draw of 2025-03-21').waitFor();
    const table = page.getByRole('table', { name: /What one winning line was paid on 2025-03-21/ });
    expect(await prizeRow(table, 2)).toMatchObject({ Winners: '4', 'Paid per winner': '€330,212.80' });

    // The fetch snippet (it holds the pasted secret) runs as shown: one line per prize rank.
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', await snippet(page, 'JavaScript (fetch)')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('1 0 null EUR');
    expect(lines[1]).toBe('2 4 330212.8 EUR');

    // A lottery whose prizes are not stored: the API's 404, said in words.
    await page.getByLabel('Lottery').selectOption('us_powerball');
    await page.getByLabel('Route').selectOption('latest-prizes');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('→ 404, “No prizes were found for draw.”').waitFor();
    await page.getByText('The operator has not published prizes for this draw yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the draw's page, from Try it: its numbers, the jackpot and each rank's winners and amount", async () => {
    await page.getByLabel('Lottery').selectOption('eu_euromillions');
    await page.getByLabel('Route').selectOption('prizes');
    await page.getByLabel('Draw date').fill('2025-03-25');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('→ 200, 13 prize ranks of the EuroMillions draw of 2025-03-25').waitFor();
    const before = calls.length;
    await page.getByRole('link', { name: "Open the draw's page" }).click();
    await heading(page, 'EuroMillions: the draw of 2025-03-25');
    expect(page.url()).toContain('#/draws/eu_euromillions/2025-03-25');
    // The token of Try it carries on: no token asked again; the draw's numbers and its prizes are read (under
    // jest the bundle is React's development build, whose StrictMode runs a page's first load twice).
    await page.getByText('Read with token “prizes”').waitFor();
    await page.getByRole('table').waitFor();
    expect([...new Set(calls.slice(before))].sort()).toEqual([
      '/lottery/eu_euromillions/draw/2025-03-25/numbers?round=1',
      '/lottery/eu_euromillions/draw/2025-03-25/prizes?round=1',
    ]);

    const numbers = page.getByRole('region', { name: 'Numbers drawn' }).getByRole('img');
    expect(await numbers.getAttribute('aria-label')).toBe('36, 3, 18, 33, 1; Lucky Stars (étoiles): 6, 2');
    expect(await page.getByTestId('prize-jackpot').textContent()).toBe(
      'Not won: it rolls over to the next draw. Its amount is not published.',
    );

    const table = page.getByRole('table', { name: /What one winning line was paid on 2025-03-25/ });
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Rank', 'Match', 'Winners', 'Paid per winner', 'Winners by country']);
    expect(await table.locator('tbody tr').count()).toBe(13);
    expect(await prizeRow(table, 1)).toEqual({
      Rank: '1',
      Match: '5 numbers + 2 Lucky Stars (étoiles)',
      Winners: '0',
      'Paid per winner': 'Nobody won',
      'By country': 'FR 0',
    });
    expect(await prizeRow(table, 2)).toEqual({
      Rank: '2',
      Match: '5 numbers + 1 Lucky Stars (étoiles)',
      Winners: '2',
      'Paid per winner': '€616,553.40',
      'By country': 'FR 0',
    });
    expect(await prizeRow(table, 9)).toMatchObject({
      Match: '3 numbers + 1 Lucky Stars (étoiles)',
      Winners: '59,429',
      'Paid per winner': '€11.50',
      'By country': 'FR 16,027',
    });
    expect(await page.getByTestId('prize-source').textContent()).toMatch(
      /^Source: Lifegrid\/LotoPredictor@311079fe:data\/euromillions_202002\.csv#1\. Stored /,
    );
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'draw-prizes');
  });

  test("at 375 px the prize table's ranks are cards and nothing scrolls sideways", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    const table = page.getByRole('table', { name: /What one winning line was paid on 2025-03-25/ });
    const second = table.locator('tbody tr[data-rank="2"]');
    await second.scrollIntoViewIfNeeded();
    // Each rank a card that says its rank, each value with its column's name.
    expect((await second.locator('th').innerText()).trim()).toBe('Rank 2');
    expect(
      await second
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).display),
    ).toBe('flow-root');
    expect(await second.locator('td[data-label="Paid per winner"]').innerText()).toBe('€616,553.40');
    await expectNoSideScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'draw-prizes-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('a draw whose prizes are not published: its numbers, and that the operator has not published them', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
      await page.goto('#/draws/us_powerball/latest');
      await page
        .getByRole('heading', { level: 1, name: /^Powerball: the draw of \d{4}-\d\d-\d\d$/ })
        .waitFor();
      await page.getByRole('region', { name: 'Numbers drawn' }).getByRole('img').waitFor();
      await page
        .getByRole('region', { name: 'Prizes' })
        .getByText('The operator has not published prizes for this draw yet.', { exact: true })
        .waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('after a reload (no token in use in the tab any more) the page asks for one, then shows the draw', async () => {
    await page.goto('#/draws/eu_euromillions/2025-03-25');
    await heading(page, 'EuroMillions: the draw of 2025-03-25');
    await page.reload();
    // Which lottery the tag is, the page learns with a token: until then, the tag says it.
    await heading(page, 'The draw of 2025-03-25 (eu_euromillions)');
    await page.getByRole('heading', { name: '1. Your token' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByLabel('Token secret').fill(secret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText('Read with token “prizes”').waitFor();
    await heading(page, 'EuroMillions: the draw of 2025-03-25');
    const table = page.getByRole('table', { name: /What one winning line was paid on 2025-03-25/ });
    expect(await prizeRow(table, 9)).toMatchObject({ Winners: '59,429', 'Paid per winner': '€11.50' });
  });

  test('a malformed draw address is no page', async () => {
    await page.goto('#/draws/eu_euromillions/25-03-2025');
    await heading(page, 'Page not found');
  });

  test('two rounds a date: Check numbers says which round won and what it paid; its date opens that round', async () => {
    await goTo(page, 'Check numbers', 'Check numbers');
    // The token in use in this tab carries on.
    await page.getByText('Using token “prizes”').waitFor();
    await page.getByLabel('Lottery').selectOption('e2e_rounds');
    await page.getByLabel('Your lines').fill('9 10 5');
    await page.getByLabel('One date').check();
    await page.getByLabel('Draw date').fill('2026-06-10');
    await page.getByRole('button', { name: 'Check numbers' }).click();
    await page
      .getByText('1 line checked against the 2 draws of Rounds on 2026-06-10.', { exact: true })
      .waitFor();
    // A date: a verdict for each of its rounds, newest first. Round 2 (9 10 11 + 12) matched 9 and 10: rank 3,
    // published at £5.25; round 1 (5 6 7 + 8) matched 5 only.
    const rounds = page.getByRole('region', { name: 'Results' }).locator('.check-rounds .check-verdict');
    const verdicts = await rounds.allTextContents();
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]).toMatch(/^2026-06-10, round 2: Rank 3 — £5\.25 per winning line \(12 winners\) · /);
    expect(verdicts[1]).toMatch(/^2026-06-10, round 1: No prize/);

    await rounds.getByRole('link', { name: '2026-06-10, round 2' }).click();
    await heading(page, 'Rounds: the draw of 2026-06-10, round 2');
    expect(page.url()).toContain('#/draws/e2e_rounds/2026-06-10?round=2');
    const numbers = page.getByRole('region', { name: 'Numbers drawn' }).getByRole('img');
    expect(await numbers.getAttribute('aria-label')).toBe('9, 10, 11; Bonus Ball: 12');
    expect(await page.getByTestId('prize-jackpot').textContent()).toBe(
      '£2,000,000.00, not won: it rolls over to the next draw (2 draws in a row without a winner before this one).',
    );
    expect(await page.getByTestId('prize-next').textContent()).toBe(
      '2026-06-13: estimated jackpot £2,500,000.00.',
    );
    const table = page.getByRole('table', { name: /What one winning line was paid on 2026-06-10, round 2/ });
    // No source gave winners by country: no such column.
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Rank',
      'Match',
      'Winners',
      'Paid per winner',
    ]);
    expect(await prizeRow(table, 2)).toEqual({
      Rank: '2',
      Match: '2 numbers + 1 Bonus Ball',
      Winners: '3',
      'Paid per winner': '£100.00',
    });
    expect(await prizeRow(table, 3)).toMatchObject({ Winners: '12', 'Paid per winner': '£5.25' });
    expect(await page.getByTestId('prize-source').textContent()).toMatch(
      /^Source: e2e operator page\. Stored /,
    );

    // Round 1's page: its own numbers, and no prizes published for it.
    await page.goto('#/draws/e2e_rounds/2026-06-10');
    await heading(page, 'Rounds: the draw of 2026-06-10, round 1');
    expect(await numbers.getAttribute('aria-label')).toBe('5, 6, 7; Bonus Ball: 8');
    await page.getByText('The operator has not published prizes for this draw yet.').waitFor();
  });
});
