import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import {
  createLotteryViaApi,
  createTokenViaApi,
  ingestionAdmin,
  loginViaApi,
  newestDraws,
} from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState, focusedName } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { workspaceRoot } from './support/paths';
import { heading, logIn } from './support/portal';
import { socrataPowerballRow, startSourceServer, type SourceServer } from './support/source-server';

type Numbers = { special: boolean; order: number; value: number }[];

const mainOf = (numbers: Numbers) =>
  numbers
    .filter((n) => !n.special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value);
const specialOf = (numbers: Numbers) => numbers.find((n) => n.special)?.value ?? 0;
type Draw = { date: string; main: number[]; special: number };
const fail = (message: string): never => {
  throw new Error(message);
};
/** As the portal writes numbers in words: "1, 2, 3, 4, 5; special: 6". */
const inWords = (main: number[], special: number) => `${main.join(', ')}; special: ${special}`;

/**
 * The admin "Sync" page against the real API: sources with their state, editing them (the API's 400 at its
 * field), and conflicts decided for real. The draws come from a local server speaking New York's open-data format:
 * us_powerball's source points at it, us_megamillions' at an answer of 500, and each is synced with its row's
 * "Sync now" button (the running service syncs it: POST /admin/sources/{tag}/sync).
 */
describe('portal: sync state, sources and conflicts', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let admin: ReturnType<typeof ingestionAdmin>;
  let sources: SourceServer;
  let token: string;
  /** The seven newest stored Powerball draws, newest first, as the API serves them before the sync. */
  let stored: Draw[] = [];
  /** The same draws as the source publishes them: each differs from the stored one. */
  let published: Draw[] = [];

  beforeAll(async () => {
    sources = await startSourceServer();
    api = await startApi();
    browser = await launchBrowser();
    const jwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    admin = ingestionAdmin(api.baseUrl, jwt);
    token = await createTokenViaApi(api.baseUrl, jwt, { id: 'sync-e2e' });
    stored = (await newestDraws(api.baseUrl, token, 'us_powerball', 7)).map((d) => ({
      date: d.date,
      main: mainOf(d.numbers),
      special: specialOf(d.numbers),
    }));
    expect(stored).toHaveLength(7);
    // The newest with another last main number (still in ascending order), the others with another Powerball
    // (1–26): all within the rules.
    published = stored.map((draw, index) => {
      if (index > 0) return { ...draw, special: (draw.special % 26) + 1 };
      const free = Array.from({ length: 69 }, (_, i) => i + 1).filter((n) => !draw.main.includes(n));
      const last = free.find((n) => n > draw.main[3]);
      if (last === undefined) throw new Error(`no free last number for ${draw.main.join(' ')}`);
      return { ...draw, main: [...draw.main.slice(0, 4), last] };
    });
    // A new draw three days after the newest stored one, then the seven differing ones.
    const newest = new Date(`${stored[0].date}T00:00:00Z`);
    const next = new Date(newest.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const rows = [
      socrataPowerballRow(next, [15, 22, 31, 52, 69], 1),
      ...published.map((d) => socrataPowerballRow(d.date, d.main, d.special)),
    ];
    sources.answer('/pb', { body: JSON.stringify(rows) });
    sources.answer('/mm', {
      status: 500,
      type: 'text/html',
      body: '<html><body><h1>Service unavailable</h1></body></html>',
    });
    page = await newPage(browser, api.baseUrl);
    await logIn(page, api.adminEmail, api.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await sources?.close();
  });

  const storedOn = (date: string) => stored.find((d) => d.date === date) ?? fail(`no stored ${date}`);
  const publishedOn = (date: string) =>
    published.find((d) => d.date === date) ?? fail(`no published ${date}`);
  /** The numbers of `a` that `b` has not at the same place: main numbers, then the special one. */
  const differing = (a: Draw, b: Draw) => [
    ...a.main.filter((n, i) => n !== b.main[i]),
    ...(a.special === b.special ? [] : [a.special]),
  ];
  /** The conflicts decided by the Accept/Reject test, by date. */
  let decided = { accepted: '', rejected: '' };

  const row = (tag: string) => page.locator(`tr[data-lottery-tag="${tag}"]`);
  const cell = (tag: string, label: string) => row(tag).locator(`[data-label="${label}"]`);
  const fact = (tag: string, label: string) => row(tag).locator(`[data-fact="${label}"]`);
  const conflictCards = () => page.locator('li.conflict');
  const conflictOf = (date: string) =>
    page
      .locator('li.conflict')
      .filter({ has: page.getByRole('heading', { name: `us_powerball, draw of ${date}` }) });

  /** Opens the page afresh (a reload when it is open already: the same hash would not load it again). */
  async function openSync(): Promise<void> {
    await page.goto('#/admin/sync');
    await page.reload();
    await heading(page, 'Sync');
    await page.getByRole('table').waitFor();
  }

  test('"Sync" in the admin navigation lists every source: adapter, URL, never attempted, freshness', async () => {
    await page.goto('#/admin/lotteries');
    await heading(page, 'Lotteries');
    // The administration pages sit behind "Admin" in the header.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Admin' }).click();
    await nav.getByRole('link', { name: 'Sync', exact: true }).click();
    await heading(page, 'Sync');
    await page.getByRole('table').waitFor();
    // Every bundled lottery but SuperEnalotto ships with a source (the first page holds 15 rows).
    const listed = await admin.sources.list();
    expect(listed.map((s) => s.lottery)).not.toContain('it_superenalotto');
    expect(await page.getByRole('table').locator('caption').textContent()).toBe(`${listed.length} sources`);
    expect(
      await page
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lottery-tag'))),
    ).toEqual(listed.map((s) => s.lottery));
    const source = cell('us_powerball', 'Source');
    expect(await source.locator('code').textContent()).toBe('socrata-powerball');
    expect(await source.locator('.source-url').first().textContent()).toBe(
      'https://data.ny.gov/resource/d6yy-54nr.json',
    );
    // Its fallbacks, in the order they are tried: the Texas Lottery's file, then a mirror.
    expect(await source.getByTestId('sync-fallbacks').locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^generic https:\/\/www\.texaslottery\.com\//),
      expect.stringMatching(/^generic https:\/\/raw\.githubusercontent\.com\/jbaranski\//),
    ]);
    expect(await fact('us_powerball', 'Last attempt').textContent()).toBe('Never');
    expect(await fact('us_powerball', 'Last success').textContent()).toBe('Never');
    expect(await fact('us_powerball', 'Next attempt').textContent()).toBe('Not planned');
    expect(await fact('us_powerball', 'Failures').textContent()).toBe('0');
    // The freshness badge of the lotteries page, in words: the bundled history ends months ago.
    const badge = cell('us_powerball', 'Freshness').locator('.badge');
    expect(await badge.getAttribute('data-freshness')).toBe('stale');
    expect(await badge.textContent()).toMatch(/^Stale — \d+ days behind$/);
    expect(await row('us_powerball').locator('[data-testid="sync-error"]').count()).toBe(0);
    expect(await page.getByText('failed at the last attempt').count()).toBe(0);
    // No open conflict before any sync.
    await page.getByText('No open conflict: every fetched draw agreed with the stored one.').waitFor();
  });

  test("editing a source: the API's 400 at the URL field, then saved (the SDK reads it back)", async () => {
    await openSync();
    await page.getByRole('button', { name: 'Edit the source of us_powerball' }).click();
    const dialog = page.getByRole('dialog', { name: 'Source of us_powerball' });
    expect(await dialog.getByLabel('Adapter').inputValue()).toBe('socrata-powerball');
    expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(
      'https://data.ny.gov/resource/d6yy-54nr.json',
    );
    // Only the generic adapter has a mapping.
    expect(await dialog.getByLabel('Mapping (JSON)').count()).toBe(0);

    await dialog.getByLabel('URL', { exact: true }).fill('ftp://example.org/draws.json');
    await dialog.getByRole('button', { name: 'Save source' }).click();
    const message = "Invalid 'url' value: expected an absolute http or https URL.";
    await dialog.getByText(message).waitFor();
    expect(await fieldState(dialog, 'URL')).toEqual({
      invalid: true,
      description: `${message} | An http or https address the server can reach.`,
    });
    expect(await focusedName(page)).toBe('URL');
    expect((await admin.sources.list()).find((s) => s.lottery === 'us_powerball')?.url).toBe(
      'https://data.ny.gov/resource/d6yy-54nr.json',
    );

    await dialog.getByLabel('URL', { exact: true }).fill(sources.url('/pb'));
    await dialog.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Source of us_powerball saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await cell('us_powerball', 'Source').locator('.source-url').first().textContent()).toBe(
      sources.url('/pb'),
    );
    // The dialog changes the first source only: the fallbacks stay.
    expect((await admin.sources.list()).find((s) => s.lottery === 'us_powerball')).toEqual({
      lottery: 'us_powerball',
      adapter: 'socrata-powerball',
      url: sources.url('/pb'),
      mapping: null,
      enabled: true,
      fallbacks: [
        expect.objectContaining({ adapter: 'generic' }),
        expect.objectContaining({ adapter: 'generic' }),
      ],
    });

    // Mega Millions through the SDK, at a path that answers an HTML error page with a 500, without fallbacks
    // (the bundled ones name the operators' hosts: no test reaches them).
    await admin.sources.put('us_megamillions', {
      adapter: 'socrata-megamillions',
      url: sources.url('/mm'),
      fallbacks: [],
    });
  });

  test('a generic source: its mapping as JSON, refused by the portal (not JSON) or the API (its 400 at the field); removal asked first', async () => {
    await createLotteryViaApi(
      api.baseUrl,
      await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword),
      {
        tag: 'zz_generic',
        name: 'Generic test lottery',
      },
    );
    await openSync();
    await page.getByRole('button', { name: 'New source' }).click();
    const dialog = page.getByRole('dialog', { name: 'New source' });
    // The lottery is chosen from the list (read again: zz_generic was added behind the portal's back).
    const lottery = dialog.getByRole('radio', { name: 'Generic test lottery (zz_generic)' });
    await dialog.getByLabel('URL', { exact: true }).fill(sources.url('/generic.csv'));
    await lottery.check();
    await dialog.getByLabel('Adapter').selectOption('generic');
    const mapping = dialog.getByLabel('Mapping (JSON)');
    await mapping.fill('{"format": "csv", "date": ');
    await dialog.getByRole('button', { name: 'Save source' }).click();
    await dialog.getByText('The mapping is not valid JSON').waitFor();
    expect((await fieldState(dialog, 'Mapping (JSON)')).invalid).toBe(true);
    expect(await focusedName(page)).toBe('Mapping (JSON)');
    expect(await lottery.getAttribute('aria-invalid')).toBeNull();

    // JSON, but not a mapping the API takes: its message, at the field.
    await mapping.fill('{"format": "xml", "date": "date", "main": "numbers"}');
    await dialog.getByRole('button', { name: 'Save source' }).click();
    const refused = dialog.locator('.field-error', { hasText: "Invalid 'mapping' value:" });
    await refused.waitFor();
    const state = await fieldState(dialog, 'Mapping (JSON)');
    expect(state.invalid).toBe(true);
    expect(state.description).toContain((await refused.textContent()) ?? '(none)');
    expect((await admin.sources.list()).map((s) => s.lottery)).not.toContain('zz_generic');

    const good = { format: 'csv', delimiter: ';', date: 'day', dateFormat: 'DD/MM/YYYY', main: 'numbers' };
    await mapping.fill(JSON.stringify(good));
    await dialog.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Source of zz_generic saved.').waitFor();
    await row('zz_generic').waitFor();
    const saved = (await admin.sources.list()).find((s) => s.lottery === 'zz_generic');
    expect(saved).toEqual({
      lottery: 'zz_generic',
      adapter: 'generic',
      url: sources.url('/generic.csv'),
      mapping: expect.objectContaining(good),
      enabled: true,
      fallbacks: [],
    });
    // A lottery without a calendar has no freshness.
    expect(await cell('zz_generic', 'Freshness').textContent()).toBe('No schedule');

    // Editing shows the mapping as it is stored.
    await page.getByRole('button', { name: 'Edit the source of zz_generic' }).click();
    const edit = page.getByRole('dialog', { name: 'Source of zz_generic' });
    expect(JSON.parse(await edit.getByLabel('Mapping (JSON)').inputValue())).toEqual(saved?.mapping);
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Source of zz_generic saved.').waitFor();
    await row('zz_generic').getByText('Disabled', { exact: true }).waitFor();
    expect(await fact('zz_generic', 'Next attempt').textContent()).toBe('Never (disabled)');
    expect((await admin.sources.list()).find((s) => s.lottery === 'zz_generic')?.enabled).toBe(false);

    // Removal is asked first; Cancel keeps the source.
    await page.getByRole('button', { name: 'Remove the source of zz_generic' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the source of zz_generic?' });
    await confirm.getByText('Its stored draws stay').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await admin.sources.list()).map((s) => s.lottery)).toContain('zz_generic');
    await page.getByRole('button', { name: 'Remove the source of zz_generic' }).click();
    await confirm.getByRole('button', { name: 'Remove source' }).click();
    await page.getByText('Source of zz_generic removed').waitFor();
    await row('zz_generic').waitFor({ state: 'detached' });
    expect((await admin.sources.list()).map((s) => s.lottery)).not.toContain('zz_generic');
  });

  test('"Sync now" syncs in the running service; a failing source then says why, prominently; the other what it fetched', async () => {
    await openSync();
    await row('us_powerball').getByRole('button', { name: 'Sync now us_powerball' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: 'Synced us_powerball: 8 fetched, 1 new, 0 unchanged, 7 conflicts, 0 rejected.',
      })
      .waitFor();
    // The conflicts it found are listed at once, without a reload.
    await page.getByText('7 open conflicts, newest first').waitFor();
    expect(await conflictCards().count()).toBe(5);
    const syncMegaMillions = row('us_megamillions').getByRole('button', { name: 'Sync now us_megamillions' });
    await syncMegaMillions.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sync of us_megamillions failed: HTTP 500 Internal Server Error' })
      .waitFor();
    expect(await syncMegaMillions.isEnabled()).toBe(true);
    // At 1280 px every column fits, the actions included: nothing scrolls sideways in the table's box.
    expect(page.viewportSize()?.width).toBe(1280);
    const box = page.locator('.table-wrap');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(sources.requests).toEqual(expect.arrayContaining(['/pb', '/mm']));

    await openSync();
    await page
      .getByRole('status')
      .filter({ hasText: 'One source failed at the last attempt: us_megamillions.' })
      .waitFor();
    const error = row('us_megamillions').getByTestId('sync-error');
    expect(await error.textContent()).toBe('Last attempt failed: HTTP 500 Internal Server Error');
    expect(await fact('us_megamillions', 'Failures').textContent()).toBe('1');
    expect(await fact('us_megamillions', 'Last attempt').textContent()).not.toBe('Never');
    expect(await fact('us_megamillions', 'Last success').textContent()).toBe('Never');
    // After a failure the reason alone: no "0 fetched" beside it.
    expect(await row('us_megamillions').getByTestId('sync-result').count()).toBe(0);
    // The reason stands out: red on pink, with a border, not muted small print.
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');

    expect(await row('us_powerball').getByTestId('sync-error').count()).toBe(0);
    expect(await fact('us_powerball', 'Last attempt').textContent()).not.toBe('Never');
    expect(await fact('us_powerball', 'Last success').textContent()).not.toBe('Never');
    expect(await fact('us_powerball', 'Failures').textContent()).toBe('0');
    expect(await row('us_powerball').getByTestId('sync-result').textContent()).toBe(
      'Last sync: 8 fetched, 1 new, 0 unchanged, 7 conflicts, 0 rejected',
    );
    // What the SDK says is what the page shows.
    const states = await admin.sync.list();
    expect(states.find((s) => s.lottery === 'us_megamillions')).toMatchObject({
      lastError: 'HTTP 500 Internal Server Error',
      consecutiveFailures: 1,
      lastSuccessAt: null,
    });
    expect(await cell('us_powerball', 'Freshness').locator('.badge').getAttribute('data-freshness')).toBe(
      states.find((s) => s.lottery === 'us_powerball')?.freshness?.status,
    );
    await screenshot(page, 'admin-sync');
  });

  test('when the first publication fails, a fallback answers: the row names which answered and why the first failed', async () => {
    // Lotto 6/49's source (BCLC's file, by default) answers 500 here; its fallback, a CSV, the newest stored draw.
    const [newest] = await newestDraws(api.baseUrl, token, 'ca_lotto649', 1);
    sources.answer('/649-mirror.csv', {
      type: 'text/csv',
      body: `date,main,special\n${newest.date},${mainOf(newest.numbers).join(' ')},${specialOf(newest.numbers)}\n`,
    });
    const mapping = { format: 'csv', date: 'date', main: 'main', special: 'special' };
    await admin.sources.put('ca_lotto649', {
      adapter: 'generic',
      url: sources.url('/mm'),
      mapping,
      fallbacks: [{ adapter: 'generic', url: sources.url('/649-mirror.csv'), mapping }],
    });
    await openSync();
    await row('ca_lotto649').getByRole('button', { name: 'Sync now ca_lotto649' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Synced ca_lotto649: 1 fetched, 0 new, 1 unchanged, 0 conflicts, 0 rejected.' })
      .waitFor();
    const answered = row('ca_lotto649').getByTestId('sync-answered-by');
    await answered.waitFor();
    expect(await answered.locator('.source-url').textContent()).toBe(
      `generic ${sources.url('/649-mirror.csv')}`,
    );
    expect(await answered.locator('li').allTextContents()).toEqual([
      `generic ${sources.url('/mm')}: HTTP 500 Internal Server Error`,
    ]);
    expect(await row('ca_lotto649').getByTestId('sync-error').count()).toBe(0);
    expect(await fact('ca_lotto649', 'Failures').textContent()).toBe('0');
    expect(
      await cell('ca_lotto649', 'Source').getByTestId('sync-fallbacks').locator('li').allTextContents(),
    ).toEqual([`generic ${sources.url('/649-mirror.csv')}`]);
    await answered.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-sync-fallback');
  });

  test('a source that numbers its draws shows the last contest read, where its next sync goes on from', async () => {
    // Mega-Sena's shipped source asks CAIXA's API per contest (…/{contest}): here a local copy of CAIXA's real answer
    // for contest 2925 (a draw the bundle holds), asked as the latest since no contest has been read yet.
    const bundle = JSON.parse(
      readFileSync(resolve(workspaceRoot, 'apps/api/data/draws/lotteries.json'), 'utf8'),
    ) as { tag: string; sync?: { adapter: string; mapping: Record<string, unknown> } }[];
    const shipped = bundle.find((l) => l.tag === 'br_megasena')?.sync ?? fail('no br_megasena source');
    expect(shipped.mapping.contest).toBe('numero');
    sources.answer('/megasena', {
      body: readFileSync(
        resolve(workspaceRoot, 'apps/api/test/fixtures/sources/caixa/megasena-2925.json'),
        'utf8',
      ),
    });
    await admin.sources.put('br_megasena', {
      adapter: shipped.adapter,
      url: sources.url('/megasena/{contest}'),
      mapping: shipped.mapping,
      fallbacks: [],
    });
    await openSync();
    // No contest read yet: nothing to say.
    expect(await row('br_megasena').getByTestId('sync-last-contest').count()).toBe(0);
    await row('br_megasena').getByRole('button', { name: 'Sync now br_megasena' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Synced br_megasena: 1 fetched, 0 new, 1 unchanged, 0 conflicts, 0 rejected.' })
      .waitFor();
    const contest = row('br_megasena').getByTestId('sync-last-contest');
    await contest.waitFor();
    expect(await contest.textContent()).toBe('Last contest read: 2925');
    expect((await admin.sync.list()).find((s) => s.lottery === 'br_megasena')?.lastContest).toBe(2925);
    // A source that numbers no draws says nothing of contests.
    expect(await row('us_powerball').getByTestId('sync-last-contest').count()).toBe(0);
    expect(sources.requests).toContain('/megasena');
  });

  test('open conflicts, paged: the stored and fetched numbers side by side, the source and when it was fetched', async () => {
    await openSync();
    await page.getByText('7 open conflicts, newest first').waitFor();
    const pager = page.getByRole('navigation', { name: 'Conflict pages' });
    expect(await pager.locator('span').textContent()).toBe('1–5 of 7');
    const firstPage = await checkCards();
    expect(firstPage).toHaveLength(5);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('6–7 of 7').waitFor();
    const secondPage = await checkCards();
    expect(secondPage).toHaveLength(2);
    // Every conflict once, across the two pages.
    expect([...firstPage, ...secondPage].sort()).toEqual(published.map((d) => d.date).sort());
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText('1–5 of 7').waitFor();
    expect(await cardDates()).toEqual(firstPage);
  });

  /** The dates of the conflicts shown, in order. */
  const cardDates = async () =>
    (await conflictCards().locator('h3').allTextContents()).map((text) => text.replace(/^.*draw of /, ''));

  /** Checks each conflict shown against what was stored and what the source published; returns their dates. */
  async function checkCards(): Promise<string[]> {
    const dates = await cardDates();
    const open = await admin.conflicts.list('open');
    for (const date of dates) {
      const before = storedOn(date);
      const after = publishedOn(date);
      const card = conflictOf(date);
      expect(await card.getByRole('img', { name: /^Stored:/ }).getAttribute('aria-label')).toBe(
        `Stored: ${inWords(before.main, before.special)}`,
      );
      expect(await card.getByRole('img', { name: /^Fetched:/ }).getAttribute('aria-label')).toBe(
        `Fetched: ${inWords(after.main, after.special)}`,
      );
      // The one differing number is ringed on each side, and said in words.
      expect(await card.locator('.ball.changed').allTextContents()).toEqual(
        [...differing(before, after), ...differing(after, before)].map(String),
      );
      expect(await card.getByText('1 number differs').count()).toBe(2);
      expect(await card.getByTestId('conflict-source').textContent()).toBe(
        `socrata-powerball ${sources.url('/pb')}`,
      );
      expect(await card.locator('dt', { hasText: 'Fetched' }).count()).toBe(1);
      expect(await card.getByText('Open: waiting for a decision').count()).toBe(1);
      expect(open.find((c) => c.fetched.date === date)?.fetchedAt).toBeTruthy();
    }
    return dates;
  }

  test('Accept asks first, then the fetched draw replaces the stored one with its provenance; Reject keeps it', async () => {
    await openSync();
    await conflictCards().first().waitFor();
    const [firstDate, secondDate] = await cardDates();
    const [first, firstBefore] = [publishedOn(firstDate), storedOn(firstDate)];
    await page.getByRole('button', { name: `Accept the fetched draw of us_powerball ${first.date}` }).click();
    const confirm = page.getByRole('dialog', {
      name: `Replace the stored draw of us_powerball ${first.date}?`,
    });
    await confirm
      .getByText(
        `The stored numbers (${inWords(firstBefore.main, firstBefore.special)}) are replaced by the fetched ones (${inWords(first.main, first.special)})`,
      )
      .waitFor();
    // Cancel is the safe default and changes nothing.
    expect(await focusedName(page)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    let draw = await admin.draws.get('us_powerball', first.date);
    expect([mainOf(draw.numbers), specialOf(draw.numbers), draw.source]).toEqual([
      firstBefore.main,
      firstBefore.special,
      null,
    ]);

    await page.getByRole('button', { name: `Accept the fetched draw of us_powerball ${first.date}` }).click();
    await confirm.getByRole('button', { name: 'Accept and replace' }).click();
    await page.getByText(`Accepted: us_powerball ${first.date} now holds the fetched numbers`).waitFor();
    await page.getByText(`Source: socrata-powerball ${sources.url('/pb')}, fetched`).waitFor();
    draw = await admin.draws.get('us_powerball', first.date);
    expect([mainOf(draw.numbers), specialOf(draw.numbers), draw.source]).toEqual([
      first.main,
      first.special,
      `socrata-powerball ${sources.url('/pb')}`,
    ]);
    expect(draw.fetchedAt).toBeTruthy();
    await page.getByText('6 open conflicts, newest first').waitFor();
    expect(await conflictOf(first.date).count()).toBe(0);

    // Reject: no question (nothing is replaced); the stored draw stays.
    const secondBefore = storedOn(secondDate);
    await page.getByRole('button', { name: `Reject the fetched draw of us_powerball ${secondDate}` }).click();
    await page.getByText(`Rejected: us_powerball ${secondDate} keeps its stored numbers`).waitFor();
    await page.getByText('5 open conflicts, newest first').waitFor();
    draw = await admin.draws.get('us_powerball', secondDate);
    expect([mainOf(draw.numbers), specialOf(draw.numbers), draw.source]).toEqual([
      secondBefore.main,
      secondBefore.special,
      null,
    ]);

    const statuses = async (status: 'accepted' | 'rejected') =>
      (await admin.conflicts.list(status)).map((c) => c.fetched.date);
    expect(await statuses('accepted')).toEqual([first.date]);
    expect(await statuses('rejected')).toEqual([secondDate]);
    decided = { accepted: first.date, rejected: secondDate };
  });

  test('the status filter: accepted, rejected, corrected (none), all, open', async () => {
    await openSync();
    const filter = page.getByLabel('Status');
    await filter.selectOption('accepted');
    await page.getByText('1 accepted conflict, newest first').waitFor();
    const accepted = conflictOf(decided.accepted);
    await accepted.getByText('Accepted: the fetched numbers replaced the stored ones').waitFor();
    // A decided conflict has no buttons, and says when it was decided.
    expect(await accepted.getByRole('button').count()).toBe(0);
    expect(await accepted.locator('dt', { hasText: 'Decided' }).count()).toBe(1);

    await filter.selectOption('rejected');
    await page.getByText('1 rejected conflict, newest first').waitFor();
    await conflictOf(decided.rejected).getByText('Rejected: the stored numbers stayed').waitFor();

    await filter.selectOption('corrected');
    await page.getByText('No corrected conflict.').waitFor();
    expect(await conflictCards().count()).toBe(0);

    await filter.selectOption('all');
    await page.getByText('7 conflicts, newest first').waitFor();

    await filter.selectOption('open');
    await page.getByText('5 open conflicts, newest first').waitFor();
  });

  test('a failed load shows its error once with a Retry that loads again; a refused decision says why', async () => {
    let failing = true;
    const loaded: string[] = [];
    const loads = /\/admin\/(sync|sources|conflicts)(\?|$)/;
    await page.route(loads, async (route) => {
      loaded.push(new URL(route.request().url()).pathname.replace('/admin/', ''));
      if (failing) await route.abort('connectionrefused');
      else await route.continue();
    });
    try {
      await page.goto('#/admin/sync');
      await page.reload();
      await heading(page, 'Sync');
      const alert = page.locator('.load-error');
      await alert.getByText('The service cannot be reached. Check your connection and try again.').waitFor();
      // Three loads failed (sync states, sources, conflicts): one message, once.
      await page.waitForFunction(() => document.querySelectorAll('.load-error').length === 1);
      expect(await alert.locator('span').textContent()).toBe(
        'The service cannot be reached. Check your connection and try again.',
      );
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await page.getByRole('table').count()).toBe(0);
      failing = false;
      const before = loaded.length;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('table').waitFor();
      await page.getByText('5 open conflicts, newest first').waitFor();
      expect(await alert.count()).toBe(0);
      // Retry ran the three loads again (the sources and their states page by page).
      expect([...new Set(loaded.slice(before))].sort()).toEqual(['conflicts', 'sources', 'sync']);
    } finally {
      await page.unroute(loads);
    }

    // Another administrator decided first: the API's 409 message, shown at once.
    const decide = /\/admin\/conflicts\/[^/]+\/reject$/;
    await page.route(decide, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 409,
          error: 'Conflict',
          message: 'This conflict has already been resolved.',
        }),
      }),
    );
    try {
      await conflictCards()
        .first()
        .getByRole('button', { name: /^Reject/ })
        .click();
      await page.getByRole('alert').filter({ hasText: 'This conflict has already been resolved.' }).waitFor();
    } finally {
      await page.unroute(decide);
    }
  });

  describe('at 375 px', () => {
    let narrow: Page;
    beforeAll(async () => {
      narrow = await newPage(browser, api.baseUrl, { width: 375, height: 800 });
      await logIn(narrow, api.adminEmail, api.adminPassword);
    });
    afterAll(async () => {
      await narrow?.context().close();
    });

    test('no sideways scrolling, each source a card of labelled lines, the dialogs included', async () => {
      await narrow.goto('#/admin/sync');
      await heading(narrow, 'Sync');
      await narrow.locator('li.conflict').first().waitFor();
      await expectNoSideScroll(narrow);
      // The table's rows became cards: nothing scrolls in its box either.
      const box = narrow.locator('.table-wrap');
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(
        await narrow.locator('tr[data-lottery-tag="us_megamillions"] td[data-label="Source"]').isVisible(),
      ).toBe(true);

      await narrow.getByRole('button', { name: 'Edit the source of us_megamillions' }).click();
      const dialog = narrow.getByRole('dialog', { name: 'Source of us_megamillions' });
      await dialog.getByLabel('Adapter').selectOption('generic');
      await dialog.getByLabel('Mapping (JSON)').fill('[');
      await dialog.getByRole('button', { name: 'Save source' }).click();
      await dialog.getByText('The mapping is not valid JSON').waitFor();
      expect((await fieldState(dialog, 'Mapping (JSON)')).invalid).toBe(true);
      expect(await focusedName(narrow)).toBe('Mapping (JSON)');
      await expectNoSideScroll(narrow);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await screenshot(narrow, 'admin-sync-375');
    });
  });

  test('axe: no serious or critical problem on the page, its source form with an error, and the Accept question', async () => {
    for (const [width, height] of [
      [1280, 860],
      [375, 800],
    ]) {
      await page.setViewportSize({ width, height });
      await openSync();
      await conflictCards().first().waitFor();
      expect({ width, where: 'page', problems: await seriousViolations(page) }).toEqual({
        width,
        where: 'page',
        problems: [],
      });

      await page.getByRole('button', { name: 'Edit the source of us_powerball' }).click();
      const dialog = page.getByRole('dialog', { name: 'Source of us_powerball' });
      await dialog.getByLabel('Adapter').selectOption('generic');
      await dialog.getByLabel('Mapping (JSON)').fill('{"format": "xml"}');
      await dialog.getByRole('button', { name: 'Save source' }).click();
      await dialog.locator('.field-error').waitFor();
      expect({ width, where: 'source form', problems: await seriousViolations(page) }).toEqual({
        width,
        where: 'source form',
        problems: [],
      });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await conflictCards()
        .first()
        .getByRole('button', { name: /^Accept/ })
        .click();
      const confirm: Locator = page.getByRole('dialog', { name: /^Replace the stored draw/ });
      await confirm.waitFor();
      expect({ width, where: 'accept', problems: await seriousViolations(page) }).toEqual({
        width,
        where: 'accept',
        problems: [],
      });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  /**
   * The controls of the page's main part that stick out of the viewport sideways: none may, the page does not
   * scroll sideways (a control in a table's box that scrolls counts where the box is).
   */
  const outOfReach = (on: Page) =>
    on.locator('main').evaluate((main) =>
      [...main.querySelectorAll('button, a[href], input, select, textarea')]
        .filter((control) => {
          const box = control.closest('.table-wrap');
          const scrolls = box !== null && box.scrollWidth > box.clientWidth + 1;
          const rect = (scrolls ? box : control).getBoundingClientRect();
          return rect.width > 0 && (rect.left < -1 || rect.right > window.innerWidth + 1);
        })
        .map(
          (control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName,
        ),
    );

  test('at 375 px, "Sync now" that finds a conflict shows it at once, without a reload; accepting it empties the panel and the draw holds the fetched numbers', async () => {
    // The Powerball conflicts still open are rejected outside the browser: the panel starts empty.
    for (const open of await admin.conflicts.list('open')) await admin.conflicts.reject(open.id);
    expect(await admin.conflicts.list('open')).toEqual([]);
    // Mega Millions' source now answers its newest stored draw with another last main number (1–70 in every era).
    const [newest] = await newestDraws(api.baseUrl, token, 'us_megamillions', 1);
    const before: Draw = {
      date: newest.date,
      main: mainOf(newest.numbers),
      special: specialOf(newest.numbers),
    };
    const free = Array.from({ length: 70 }, (_, i) => i + 1).filter((n) => !before.main.includes(n));
    const last =
      free.find((n) => n > before.main[3]) ?? fail(`no free last number for ${before.main.join(' ')}`);
    const fetched: Draw = { ...before, main: [...before.main.slice(0, 4), last] };
    const pad = (n: number) => String(n).padStart(2, '0');
    sources.answer('/mm-draws', {
      body: JSON.stringify([
        {
          draw_date: `${fetched.date}T00:00:00.000`,
          winning_numbers: fetched.main.map(pad).join(' '),
          mega_ball: pad(fetched.special),
          multiplier: '03',
        },
      ]),
    });
    await admin.sources.put('us_megamillions', {
      adapter: 'socrata-megamillions',
      url: sources.url('/mm-draws'),
    });

    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await openSync();
      const empty = page.getByText('No open conflict: every fetched draw agreed with the stored one.');
      await empty.waitFor();
      // Its new source (a new URL starts afresh): never synced yet.
      expect(await fact('us_megamillions', 'Last success').textContent()).toBe('Never');
      expect(await row('us_megamillions').getByTestId('sync-result').count()).toBe(0);
      await expectNoSideScroll(page);
      expect(await outOfReach(page)).toEqual([]);
      // A mark in this document: a reload would drop it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument);

      await row('us_megamillions').getByRole('button', { name: 'Sync now us_megamillions' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Synced us_megamillions: 1 fetched, 0 new, 0 unchanged, 1 conflict, 0 rejected.' })
        .waitFor();
      // The Conflicts panel shows what the sync found, and the row its new state, without a reload.
      await page.getByText('1 open conflict, newest first').waitFor();
      const card = page
        .locator('li.conflict')
        .filter({ has: page.getByRole('heading', { name: `us_megamillions, draw of ${fetched.date}` }) });
      expect(await card.getByRole('img', { name: /^Fetched:/ }).getAttribute('aria-label')).toBe(
        `Fetched: ${inWords(fetched.main, fetched.special)}`,
      );
      expect(await card.getByRole('img', { name: /^Stored:/ }).getAttribute('aria-label')).toBe(
        `Stored: ${inWords(before.main, before.special)}`,
      );
      expect(await empty.count()).toBe(0);
      expect(await row('us_megamillions').getByTestId('sync-error').count()).toBe(0);
      expect(await page.getByText('failed at the last attempt').count()).toBe(0);
      expect(await fact('us_megamillions', 'Failures').textContent()).toBe('0');
      expect(await fact('us_megamillions', 'Last success').textContent()).not.toBe('Never');
      expect(await row('us_megamillions').getByTestId('sync-result').textContent()).toBe(
        'Last sync: 1 fetched, 0 new, 0 unchanged, 1 conflict, 0 rejected',
      );
      const state = (await admin.sync.list()).find((s) => s.lottery === 'us_megamillions');
      expect(
        await cell('us_megamillions', 'Freshness').locator('.badge').getAttribute('data-freshness'),
      ).toBe(state?.freshness?.status);
      expect(await sameDocument()).toBe(true);
      // At 375 px with the conflict's card: nothing wider than the screen, every control within reach.
      await expectNoSideScroll(page);
      expect(await outOfReach(page)).toEqual([]);

      await card
        .getByRole('button', { name: `Accept the fetched draw of us_megamillions ${fetched.date}` })
        .click();
      await page
        .getByRole('dialog', { name: `Replace the stored draw of us_megamillions ${fetched.date}?` })
        .getByRole('button', { name: 'Accept and replace' })
        .click();
      await page
        .getByText(`Accepted: us_megamillions ${fetched.date} now holds the fetched numbers`)
        .waitFor();
      await empty.waitFor();
      expect(await conflictCards().count()).toBe(0);
      expect(await sameDocument()).toBe(true);
      await expectNoSideScroll(page);

      // The draw holds the fetched numbers, for the API and on the portal's Draws page.
      const draw = await admin.draws.get('us_megamillions', fetched.date);
      expect([mainOf(draw.numbers), specialOf(draw.numbers), draw.source]).toEqual([
        fetched.main,
        fetched.special,
        `socrata-megamillions ${sources.url('/mm-draws')}`,
      ]);
      await page.goto('#/admin/draws');
      await heading(page, 'Draws');
      await page.getByLabel('Lottery').selectOption('us_megamillions');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.locator('caption', { hasText: 'draws of us_megamillions, newest first' }).waitFor();
      const numbers = page.locator(
        `tr[data-draw-date="${fetched.date}"] td[data-label="Numbers"] [role="img"]`,
      );
      expect(await numbers.getAttribute('aria-label')).toMatch(
        new RegExp(`^${fetched.main.join(', ')}; .+: ${fetched.special}$`),
      );
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
