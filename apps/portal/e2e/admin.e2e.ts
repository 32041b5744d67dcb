import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import {
  adminLottery,
  createLotteryViaApi,
  dailySchedule,
  findAccount,
  getLicense,
  loginViaApi,
  utcDay,
} from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectedNextDraw, expectedStale } from './support/draw-calendar';
import { fieldState, focusedName } from './support/forms';
import { expectNoSideScroll, lastRowFirstCellBorders } from './support/layout';
import { heading, logIn, openLoggedIn, registerViaApi, uniqueEmail } from './support/portal';

/**
 * The administrator's safety rails: "New license" never overwrites one (409), editing is the explicit way to
 * replace it, forms start empty again after saving, and disabling an account or changing its license or role is
 * confirmed first, with what will happen. The API is asked afterwards what really changed.
 */
describe('portal: administration without accidents', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let adminJwt = '';
  const holder = uniqueEmail('managed');

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, holder);
    adminJwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    page = await newPage(browser, api.baseUrl);
    await logIn(page, api.adminEmail, api.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  const licenseRow = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}\\s`) });

  test('"New license" with a taken name is refused and leaves the existing license as it was', async () => {
    await page.goto('#/admin/licenses');
    await heading(page, 'Licenses');
    await licenseRow('free').waitFor();
    const form = page.getByRole('region', { name: 'New license' });
    await form.getByLabel('Name').fill('free');
    await form.getByLabel('Monthly quota').fill('5');
    await form.getByRole('button', { name: 'Create license' }).click();
    await form.getByRole('alert').getByText('License already exists.').waitFor();
    expect((await getLicense(api.baseUrl, adminJwt, 'free')).monthlyQuota).toBe(1000);
    // What was typed stays, to be corrected.
    expect(await form.getByLabel('Name').inputValue()).toBe('free');
  });

  test('a new license is created, then the form is empty again, with the default rate limits', async () => {
    const form = page.getByRole('region', { name: 'New license' });
    await form.getByLabel('Name').fill('team');
    await form.getByLabel('Monthly quota').fill('25000');
    await form.getByLabel('Per second').fill('5');
    await form.getByRole('button', { name: 'Create license' }).click();
    await page.getByText('License “team” created.').waitFor();
    await licenseRow('team').waitFor();
    expect(await getLicense(api.baseUrl, adminJwt, 'team')).toEqual({
      name: 'team',
      monthlyQuota: 25000,
      perSecond: 5,
      perMinute: 1200,
      perHour: 72000,
    });
    const values = await Promise.all(
      ['Name', 'Monthly quota', 'Per second', 'Per minute', 'Per hour'].map((label) =>
        form.getByLabel(label).inputValue(),
      ),
    );
    expect(values).toEqual(['', '', '20', '1200', '72000']);
  });

  test('"Edit" is the way to replace a license', async () => {
    await page.getByRole('button', { name: 'Edit license team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit license “team”' });
    await dialog.getByText('Every account with this license gets the new quota').waitFor();
    await dialog.getByLabel('Monthly quota').fill('30000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('License “team” saved.').waitFor();
    expect((await getLicense(api.baseUrl, adminJwt, 'team')).monthlyQuota).toBe(30000);
    expect(await lastRowFirstCellBorders(page)).toEqual(['0px']);
  });

  test('a quota that is not a whole number is refused at its field, which takes the focus, at 1280 and 375 px', async () => {
    const small = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await logIn(small, api.adminEmail, api.adminPassword);
    const message = 'Enter a whole number of requests, or leave it empty for no limit.';
    for (const view of [page, small]) {
      await view.goto('#/admin/licenses');
      await heading(view, 'Licenses');
      const form = view.getByRole('region', { name: 'New license' });
      await form.getByLabel('Name').fill('unsent');
      await form.getByLabel('Monthly quota').fill('lots');
      await form.getByRole('button', { name: 'Create license' }).click();
      await form.getByText(message).waitFor();
      expect(await fieldState(form, 'Monthly quota')).toEqual({
        invalid: true,
        description: `${message} | Empty = unlimited.`,
      });
      expect(await focusedName(view)).toBe('Monthly quota');
      expect((await fieldState(form, 'Name')).invalid).toBe(false);
      await expectNoSideScroll(view);
    }
    await small.context().close();
    // Refused before sending: no such license.
    expect(await licenseRow('unsent').count()).toBe(0);
  });

  async function openAccounts(): Promise<void> {
    await page.goto('#/admin/accounts');
    await heading(page, 'Accounts');
    await page.locator(`tr[data-account-email="${holder}"]`).waitFor();
  }

  test('disabling asks first and says what happens; Cancel changes nothing', async () => {
    await openAccounts();
    await page.getByRole('button', { name: `Disable ${holder}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${holder}?` });
    await dialog
      .getByText('Its API tokens are refused at once with 403 “Your account has been disabled.”')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await findAccount(api.baseUrl, adminJwt, holder)).disabled).toBe(false);

    await page.getByRole('button', { name: `Disable ${holder}` }).click();
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await page.getByText(`${holder} disabled: its tokens are refused from now on.`).waitFor();
    expect((await findAccount(api.baseUrl, adminJwt, holder)).disabled).toBe(true);

    // Enabling gives back what was taken: no question.
    await page.getByRole('button', { name: `Enable ${holder}` }).click();
    await page.getByText(`${holder} enabled.`).waitFor();
    expect((await findAccount(api.baseUrl, adminJwt, holder)).disabled).toBe(false);
  });

  test('changing a license asks first, naming both quotas; Cancel puts the old one back', async () => {
    const select = page.getByLabel(`License of ${holder}`);
    await select.selectOption('team');
    const dialog = page.getByRole('dialog', { name: `Change the license of ${holder}?` });
    await dialog
      .getByText('From “free” (1,000 requests a month) to “team” (30,000 requests a month).')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('free');
    expect((await findAccount(api.baseUrl, adminJwt, holder)).license?.name).toBe('free');

    await select.selectOption('team');
    await dialog.getByRole('button', { name: 'Change license' }).click();
    await page.getByText(`${holder} now has the license “team”.`).waitFor();
    // The list is read again after the change: the select then shows the new license.
    await select.locator('option:checked', { hasText: /^team$/ }).waitFor({ state: 'attached' });
    expect((await findAccount(api.baseUrl, adminJwt, holder)).license?.name).toBe('team');
  });

  test('changing a role asks first; an administrator cannot change their own', async () => {
    const select = page.getByLabel(`Role of ${holder}`);
    await select.selectOption('admin');
    const dialog = page.getByRole('dialog', { name: `Make ${holder} an administrator?` });
    await dialog.getByText('it can manage every account, license and lottery').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('user');
    expect((await findAccount(api.baseUrl, adminJwt, holder)).role).toBe('user');

    await select.selectOption('admin');
    await dialog.getByRole('button', { name: 'Make administrator' }).click();
    await page.getByText(`${holder} is now an administrator.`).waitFor();
    await select.locator('option:checked', { hasText: /^admin$/ }).waitFor({ state: 'attached' });
    expect((await findAccount(api.baseUrl, adminJwt, holder)).role).toBe('admin');

    await select.selectOption('user');
    await page
      .getByRole('dialog', { name: `Make ${holder} a regular user?` })
      .getByRole('button', { name: 'Remove administrator role' })
      .click();
    await page.getByText(`${holder} is now a regular user.`).waitFor();
    expect((await findAccount(api.baseUrl, adminJwt, holder)).role).toBe('user');

    expect(await page.getByLabel(`Role of ${api.adminEmail}`).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Disable ${api.adminEmail}` }).isDisabled()).toBe(true);
    expect(await lastRowFirstCellBorders(page)).toEqual(['0px']);
    await screenshot(page, 'admin-accounts');
  });

  describe('draw calendars', () => {
    const row = (tag: string) => page.locator(`tr[data-lottery-tag="${tag}"]`);
    const badge = (tag: string) => row(tag).locator('[data-freshness]');

    beforeAll(async () => {
      // Drawn every day at 00:00 UTC: one has today's draw, the other only yesterday's, within a week-long
      // publication window; the third has no calendar yet.
      const week = 7 * 24 * 60;
      await createLotteryViaApi(api.baseUrl, adminJwt, {
        tag: 'e2e_daily_current',
        name: 'Daily (current)',
        schedule: dailySchedule(week),
        draws: [utcDay(-1), utcDay(0)],
      });
      await createLotteryViaApi(api.baseUrl, adminJwt, {
        tag: 'e2e_daily_awaiting',
        name: 'Daily (awaiting)',
        schedule: dailySchedule(week),
        draws: [utcDay(-1)],
      });
      await createLotteryViaApi(api.baseUrl, adminJwt, { tag: 'e2e_calendar', name: 'E2E Calendar' });
    });

    test('each lottery shows its freshness in words and colour, and its next draw in its own zone', async () => {
      await page.goto('#/admin/lotteries');
      await heading(page, 'Lotteries');
      await row('e2e_daily_current').waitFor();

      const tomorrow = new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${utcDay(1)}T12:00:00Z`));
      expect(await badge('e2e_daily_current').textContent()).toBe('Current');
      expect(await row('e2e_daily_current').locator('time').textContent()).toBe(`${tomorrow}, 00:00 (UTC)`);
      expect(await badge('e2e_daily_awaiting').textContent()).toBe('Awaiting results');
      expect(await badge('e2e_calendar').count()).toBe(0);
      await row('e2e_calendar').getByText('No schedule').waitFor();

      // The bundled draws end months ago: every bundled lottery is stale, by as many days as the API says.
      // at_lotto sorts first: it stays on the first page however many lotteries the bundle gains.
      const at = await adminLottery(api.baseUrl, adminJwt, 'at_lotto');
      expect(await badge('at_lotto').textContent()).toBe(expectedStale(at));
      const nextAt = expectedNextDraw(at, 'Europe/Vienna', 'Vienna');
      expect(nextAt).toMatch(
        /^(Sun \d{1,2} [A-Z][a-z]{2}, 19:17|Wed \d{1,2} [A-Z][a-z]{2}, 18:47) \(Vienna\)$/,
      );
      expect(await row('at_lotto').locator('time').textContent()).toBe(nextAt);
      const bundled = await page
        .locator('tr[data-lottery-tag]:not([data-lottery-tag^="e2e_"]) [data-freshness]')
        .allTextContents();
      expect(bundled.length).toBeGreaterThan(5);
      for (const text of bundled) expect(text).toMatch(/^Stale — \d+ days behind$/);

      // Besides its words, each state has its own colour.
      const colour = (tag: string) => badge(tag).evaluate((el) => getComputedStyle(el).backgroundColor);
      const colours = await Promise.all(['e2e_daily_current', 'e2e_daily_awaiting', 'at_lotto'].map(colour));
      expect(new Set(colours).size).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'admin-lotteries');
    });

    test('a schedule is edited in a form: the API refusal at its field, then saved; removing asks first', async () => {
      await page.getByRole('button', { name: 'Draw schedule of e2e_calendar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Draw schedule of “E2E Calendar”' });
      await dialog.getByText('This lottery has no schedule').waitFor();
      expect(await dialog.getByRole('button', { name: 'Remove schedule' }).count()).toBe(0);
      const era1 = dialog.getByRole('group', { name: 'Era 1' });
      await dialog.getByLabel('Publication window (minutes)').fill('20000');
      await era1.getByLabel('From').fill('2024-01-01');
      await era1.getByLabel('Time zone').fill('Mars/Base');
      await era1.getByLabel('Time', { exact: true }).fill('21:30');
      await era1.getByLabel('Monday').check();
      await era1.getByLabel('Thursday').check();
      const save = dialog.getByRole('button', { name: 'Save schedule' });

      // The API checks one thing at a time; each refusal is shown at its field, which takes the focus.
      await save.click();
      const windowError =
        "Invalid 'schedule' value: publicationWindowMinutes must be a whole number from 0 to 10080";
      await dialog.getByText(windowError).waitFor();
      expect((await fieldState(dialog, 'Publication window (minutes)')).description).toContain(windowError);
      expect(await focusedName(page)).toBe('Publication window (minutes)');

      await dialog.getByLabel('Publication window (minutes)').fill('360');
      await save.click();
      const zoneError =
        "Invalid 'schedule' value: eras[0]: timezone must be an IANA zone such as 'Europe/Paris'";
      await era1.getByText(zoneError).waitFor();
      expect(await fieldState(era1, 'Time zone')).toEqual({
        invalid: true,
        description: `${zoneError} | IANA, e.g. America/New_York`,
      });
      expect(await focusedName(page)).toBe('Time zone');
      expect((await fieldState(dialog, 'Publication window (minutes)')).invalid).toBe(false);
      await era1.getByLabel('Time zone').fill('Etc/UTC');

      // A second era must start after the first.
      await dialog.getByRole('button', { name: 'Add an era' }).click();
      const era2 = dialog.getByRole('group', { name: 'Era 2' });
      expect(await era2.getByLabel('Time zone').inputValue()).toBe('Etc/UTC');
      await era2.getByLabel('From').fill('2023-06-01');
      await save.click();
      await era2.getByText("eras[1]: from must come after the previous era's").waitFor();
      expect((await fieldState(era2, 'From')).invalid).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await era2.getByLabel('From').fill('2025-06-01');
      await era2.getByLabel('Thursday').uncheck();
      await era2.getByLabel('Saturday').check();
      await save.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Draw schedule of “E2E Calendar” saved.').waitFor();
      const saved = await adminLottery(api.baseUrl, adminJwt, 'e2e_calendar');
      expect(saved.schedule).toEqual({
        publicationWindowMinutes: 360,
        eras: [
          { from: '2024-01-01', timezone: 'Etc/UTC', weekdays: ['monday', 'thursday'], time: '21:30' },
          { from: '2025-06-01', timezone: 'Etc/UTC', weekdays: ['monday', 'saturday'], time: '21:30' },
        ],
      });
      // The row follows at once: nothing stored, so stale; the next draw is a Monday or a Saturday.
      expect(await badge('e2e_calendar').textContent()).toBe(expectedStale(saved));
      expect(await row('e2e_calendar').locator('time').textContent()).toBe(
        expectedNextDraw(saved, 'Etc/UTC', 'UTC'),
      );

      // Opened again, the form shows the calendar as saved.
      await page.getByRole('button', { name: 'Draw schedule of e2e_calendar' }).click();
      expect(await dialog.getByLabel('Publication window (minutes)').inputValue()).toBe('360');
      expect(await era2.getByLabel('Saturday').isChecked()).toBe(true);
      expect(await era2.getByLabel('Thursday').isChecked()).toBe(false);

      // Removing asks first; Cancel keeps it.
      await dialog.getByRole('button', { name: 'Remove schedule' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove the draw schedule of “E2E Calendar”?' });
      await confirm.getByText('no next draw and no freshness').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await adminLottery(api.baseUrl, adminJwt, 'e2e_calendar')).schedule).not.toBeNull();

      await page.getByRole('button', { name: 'Draw schedule of e2e_calendar' }).click();
      await dialog.getByRole('button', { name: 'Remove schedule' }).click();
      await confirm.getByRole('button', { name: 'Remove schedule' }).click();
      await page.getByText('Draw schedule of “E2E Calendar” removed').waitFor();
      expect(await adminLottery(api.baseUrl, adminJwt, 'e2e_calendar')).toMatchObject({
        schedule: null,
        nextDraw: null,
        freshness: null,
      });
      await row('e2e_calendar').getByText('No schedule').waitFor();
    });
  });

  test('the draw import empties once everything is written, and keeps the text when lines were refused', async () => {
    const created = await fetch(`${api.baseUrl}/admin/lotteries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminJwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tag: 'e2e_pick3',
        name: 'E2E Pick 3',
        country: 'FR',
        timezone: 'Europe/Paris',
        main: { count: 3, min: 1, max: 9 },
        special: null,
      }),
    });
    expect(created.status).toBe(201);
    await page.goto('#/admin/lotteries');
    // Read afresh: the lottery was added behind the portal's back, and the pickers' list is kept for minutes.
    await page.reload();
    await heading(page, 'Lotteries');
    const csv = page.getByLabel('CSV content');
    const importForm = page.getByRole('region', { name: 'Import draws from CSV' });
    await importForm.getByRole('radio', { name: 'E2E Pick 3 (e2e_pick3)' }).check();
    // "Import draws" asks first; this test is about what the form keeps afterwards.
    const importNow = () => page.getByRole('dialog').getByRole('button', { name: 'Import now' }).click();

    const refused = ['date,main,special', '2026-11-01,1 2 3,', '2026-11-02,1 1 12,'].join('\n');
    await csv.fill(refused);
    await page.getByRole('button', { name: 'Import draws' }).click();
    await importNow();
    await page.getByTestId('import-report').waitFor();
    expect(await csv.inputValue()).toBe(refused);

    await csv.fill(['date,main,special', '2026-11-02,4 5 6,'].join('\n'));
    await page.getByRole('button', { name: 'Import draws' }).click();
    await importNow();
    // Inserted, updated, unchanged, refused: this report is the second one (the first refused a line).
    const counts = page.getByTestId('import-report').locator('dd');
    await counts.nth(3).getByText('0', { exact: true }).waitFor();
    expect(await counts.allTextContents()).toEqual(['1', '0', '0', '0']);
    expect(await csv.inputValue()).toBe('');
    expect(await importForm.getByRole('radio', { name: 'E2E Pick 3 (e2e_pick3)' }).isChecked()).toBe(true);
  });

  test('at 375 px the accounts become stacked rows; no admin page scrolls sideways', async () => {
    const small = await newPage(browser, api.baseUrl, { width: 375, height: 740 });
    await openLoggedIn(small, {
      apiBaseUrl: api.baseUrl,
      email: api.adminEmail,
      password: api.adminPassword,
      route: '#/admin/accounts',
      title: 'Accounts',
    });
    const row = small.locator(`tr[data-account-email="${holder}"]`);
    await row.waitFor();
    await expectNoSideScroll(small);
    expect(await row.evaluate((r) => getComputedStyle(r).display)).toBe('block');
    expect(await seriousViolations(small)).toEqual([]);
    const rightEdges = await small
      .locator('main table td, main table th')
      .evaluateAll((cells) => cells.map((cell) => Math.ceil(cell.getBoundingClientRect().right)));
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(375);
    await screenshot(small, 'admin-accounts-375');

    for (const [path, title] of [
      ['#/admin/licenses', 'Licenses'],
      ['#/admin/lotteries', 'Lotteries'],
    ]) {
      await small.goto(path);
      await heading(small, title);
      await small.locator('main table').first().waitFor();
      await expectNoSideScroll(small);
    }
    // The lotteries and licenses become cards of labelled lines, like the accounts: no box scrolls sideways.
    // The first row: the tests above have added lotteries, so a given bundled one may be on a later page.
    const lottery = small.locator('tr[data-lottery-tag]').first();
    const firstTag = await lottery.getAttribute('data-lottery-tag');
    expect(await lottery.evaluate((r) => getComputedStyle(r).display)).toBe('block');
    const labels = await lottery
      .locator('td[data-label]')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
    expect(labels.slice(0, 3)).toEqual(['"Name"', '"Country"', '"Main"']);
    expect(await small.getByText('Scroll sideways to see every column →').count()).toBe(0);

    // The schedule form fits the screen too.
    await small.getByRole('button', { name: `Draw schedule of ${firstTag}` }).click();
    const dialog = small.getByRole('dialog', { name: /^Draw schedule of/ });
    await dialog.getByRole('group', { name: 'Era 1' }).waitFor();
    await expectNoSideScroll(small);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousViolations(small)).toEqual([]);
    // A window that is not a number is refused at its field, which takes the focus.
    await dialog.getByLabel('Publication window (minutes)').fill('');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.getByText('Enter a whole number of minutes.').waitFor();
    expect((await fieldState(dialog, 'Publication window (minutes)')).invalid).toBe(true);
    expect(await focusedName(small)).toBe('Publication window (minutes)');
    await expectNoSideScroll(small);
    await small.context().close();
  });
});
