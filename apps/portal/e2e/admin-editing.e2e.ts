import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import {
  adminLottery,
  createLotteryViaApi,
  findAccount,
  getLicense,
  loginViaApi,
  putLicense,
  updateAccount,
} from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fieldState } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

/** How many draws a lottery has stored (the administrators' list, counts only). */
async function storedDraws(baseUrl: string, jwt: string, tag: string): Promise<number> {
  const response = await fetch(`${baseUrl}/admin/lotteries/${tag}/draws?limit=0`, {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  return ((await response.json()) as { total: number }).total;
}

/** The URL of a lottery's source, looked for page by page; undefined without one. */
async function sourceUrl(baseUrl: string, jwt: string, tag: string): Promise<string | undefined> {
  for (let offset = 0; ; offset += 15) {
    const response = await fetch(`${baseUrl}/admin/sources?limit=15&offset=${offset}`, {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    const page = (await response.json()) as { sources: { lottery: string; url: string }[]; more: boolean };
    const found = page.sources.find((s) => s.lottery === tag);
    if (found || !page.more) return found?.url;
  }
}

/**
 * The administrators' editing at a desk and on a phone: a lottery's name and rules in a dialog, its operator and
 * terms of reuse set when it is added and changed in that dialog, deleting a
 * license (its holders are told what they lose, and the accounts page follows), a draw import that shows the
 * rows it will write and asks before writing, and lotteries chosen from a list rather than typed.
 */
describe.each([1280, 375])('portal: administration editing at %i px', (width) => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let jwt = '';
  const holder = uniqueEmail('holder');
  const tag = (name: string) => `e2e_${name}_${width}`;

  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    await registerViaApi(api.baseUrl, holder);
    jwt = await loginViaApi(api.baseUrl, api.adminEmail, api.adminPassword);
    page = await newPage(browser, api.baseUrl, { width, height: width > 400 ? 860 : 740 });
    await logIn(page, api.adminEmail, api.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  test("a lottery's name and rules are edited in a dialog; the list follows", async () => {
    await createLotteryViaApi(api.baseUrl, jwt, {
      tag: tag('edit'),
      name: 'Before edit',
      draws: ['2024-01-02'],
    });
    await page.goto('#/admin/lotteries');
    await heading(page, 'Lotteries');
    const row = page.locator(`tr[data-lottery-tag="${tag('edit')}"]`);
    await row.waitFor();
    await page.getByRole('button', { name: `Edit lottery ${tag('edit')}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit lottery “Before edit”' });
    await dialog.getByText('Every stored draw must still fit them').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Before edit');
    const main = dialog.getByRole('group', { name: 'Main numbers' });
    expect(await main.getByLabel('Highest').inputValue()).toBe('9');

    // Checked in the form first, in its words, at the field.
    await dialog.getByLabel('Name').fill('After edit');
    await main.getByLabel('Highest').fill('1');
    await dialog.getByRole('button', { name: 'Save lottery' }).click();
    await dialog.getByText('Enter a number above the lowest.').waitFor();
    expect((await fieldState(main, 'Highest')).invalid).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, `admin-lottery-edit-${width}`);

    // A rule the stored draw (1 2 3) would break: the service's reason, and nothing changes.
    await main.getByLabel('Lowest').fill('4');
    await main.getByLabel('Highest').fill('12');
    await dialog.getByRole('button', { name: 'Save lottery' }).click();
    await dialog.getByRole('alert').filter({ hasText: '2024-01-02' }).waitFor();
    expect((await adminLottery(api.baseUrl, jwt, tag('edit'))).name).toBe('Before edit');

    await main.getByLabel('Lowest').fill('1');
    await dialog.getByRole('button', { name: 'Save lottery' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Lottery “After edit” (${tag('edit')}) saved.`).waitFor();
    await row.getByText('After edit').waitFor();
    await row.getByText('3 of 1–12').waitFor();
    const saved = await adminLottery(api.baseUrl, jwt, tag('edit'));
    expect([saved.name, (saved as unknown as { main: unknown }).main]).toEqual([
      'After edit',
      { count: 3, min: 1, max: 12, distinct: true },
    ]);
  });

  test('a new lottery gets an operator and terms of reuse, shown in its facts; the dialog edits or clears them', async () => {
    const facts = page.getByTestId('lottery-facts');
    const fact = (name: string) => facts.locator(`[data-fact="${name}"]`);
    const showFacts = async (name: string) => {
      await page.goto('#/admin/draws');
      await heading(page, 'Draws');
      await page.getByLabel('Lottery').selectOption(tag('facts'));
      await facts.getByRole('heading', { name, exact: true }).waitFor();
    };

    await page.goto('#/admin/lotteries');
    await heading(page, 'Lotteries');
    const form = page.getByRole('region', { name: 'Add a lottery' });
    await form.getByLabel('Tag', { exact: true }).fill(tag('facts'));
    await form.getByLabel('Name', { exact: true }).fill(`Facts ${width}`);
    await form.getByLabel('Country').fill('FR');
    await form.getByLabel('Time zone').fill('Europe/Paris');
    // Too long: said at the field, in the form's words, before anything is sent.
    await form.getByLabel('Operator').fill('o'.repeat(201));
    await form.getByLabel('Terms of reuse').fill(' Reuse allowed with attribution ');
    await form.getByRole('button', { name: 'Add lottery' }).click();
    await form.getByText('Keep the operator to 200 characters at most.').waitFor();
    expect((await fieldState(form, 'Operator')).invalid).toBe(true);
    expect((await fieldState(form, 'Terms of reuse')).description).toMatch(/^The terms under which/);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);

    // What the form cannot foresee (the operator made too long on its way here): the API's 400, at the field.
    const create = /\/admin\/lotteries$/;
    await page.route(create, (route) =>
      route.continue({ postData: { ...route.request().postDataJSON(), operator: 'o'.repeat(201) } }),
    );
    try {
      await form.getByLabel('Operator').fill(' E2E Lottery Operator ');
      await form.getByRole('button', { name: 'Add lottery' }).click();
      const refused = "Invalid 'operator' value. Expected a non-empty text of at most 200 characters.";
      await form.getByText(refused).waitFor();
      expect(await fieldState(form, 'Operator')).toEqual({
        invalid: true,
        description: expect.stringContaining(refused),
      });
    } finally {
      await page.unroute(create);
    }
    await expect(adminLottery(api.baseUrl, jwt, tag('facts'))).rejects.toThrow(`no lottery ${tag('facts')}`);

    await form.getByRole('button', { name: 'Add lottery' }).click();
    await page.getByText(`Lottery “Facts ${width}” (${tag('facts')}) added.`).waitFor();
    const added = await adminLottery(api.baseUrl, jwt, tag('facts'));
    expect([added.operator, added.terms]).toEqual(['E2E Lottery Operator', 'Reuse allowed with attribution']);
    await showFacts(`Facts ${width}`);
    expect(await fact('operator').textContent()).toBe('E2E Lottery Operator');
    expect(await fact('terms').textContent()).toBe('Reuse allowed with attribution');

    // The dialog starts from them; a changed operator is sent, and emptied terms clear them.
    await page.goto('#/admin/lotteries');
    await heading(page, 'Lotteries');
    await page.getByRole('button', { name: `Edit lottery ${tag('facts')}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit lottery “Facts ${width}”` });
    expect(await dialog.getByLabel('Operator').inputValue()).toBe('E2E Lottery Operator');
    expect(await dialog.getByLabel('Terms of reuse').inputValue()).toBe('Reuse allowed with attribution');
    await dialog.getByLabel('Operator').fill('E2E Lottery Operator plc');
    await dialog.getByLabel('Terms of reuse').fill('');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Save lottery' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Lottery “Facts ${width}” (${tag('facts')}) saved.`).waitFor();
    const saved = await adminLottery(api.baseUrl, jwt, tag('facts'));
    expect([saved.operator, saved.terms]).toEqual(['E2E Lottery Operator plc', null]);
    await showFacts(`Facts ${width}`);
    // The page may show the lotteries it cached before the save until its refetch ends (a moment; longer under load).
    await fact('operator')
      .filter({ hasText: /^E2E Lottery Operator plc$/ })
      .waitFor();
    expect(await fact('terms').textContent()).toBe('Not recorded');
  });

  test('deleting a license asks first, saying what its holders lose; the accounts page follows', async () => {
    const name = `doomed${width}`;
    await putLicense(api.baseUrl, jwt, { name, monthlyQuota: 10, perSecond: 1, perMinute: 10, perHour: 100 });
    const account = await findAccount(api.baseUrl, jwt, holder);
    await updateAccount(api.baseUrl, jwt, account.id, { license: name });
    // The accounts page is read first, so that only invalidation can bring it up to date afterwards.
    await page.goto('#/admin/accounts');
    await heading(page, 'Accounts');
    const license = page.getByLabel(`License of ${holder}`);
    expect(await license.inputValue()).toBe(name);

    await page.goto('#/admin/licenses');
    await heading(page, 'Licenses');
    await page.getByRole('button', { name: `Delete license ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete license “${name}”?` });
    await dialog.getByText('Every account holding it is left without a license').waitFor();
    await dialog
      .getByText('403 “Your account does not have the required license.”', { exact: false })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await getLicense(api.baseUrl, jwt, name)).name).toBe(name);

    await page.getByRole('button', { name: `Delete license ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete license' }).click();
    await page.getByText(`License “${name}” deleted.`).waitFor();
    expect(await page.getByRole('button', { name: `Delete license ${name}` }).count()).toBe(0);
    await expect(getLicense(api.baseUrl, jwt, name)).rejects.toThrow(`no license ${name}`);
    expect((await findAccount(api.baseUrl, jwt, holder)).license).toBeNull();

    await page.goto('#/admin/accounts');
    await heading(page, 'Accounts');
    await license.locator('option:checked', { hasText: 'No license' }).waitFor({ state: 'attached' });
  });

  test('the import preview shows the rows it will write; "Import draws" asks first, naming the count', async () => {
    await createLotteryViaApi(api.baseUrl, jwt, {
      tag: tag('import'),
      name: `Import ${width}`,
      draws: ['2025-03-01', '2025-03-02'],
    });
    await page.goto('#/admin/lotteries');
    // Read afresh: the lottery was added behind the portal's back, and the pickers' list is kept for minutes.
    await page.reload();
    await heading(page, 'Lotteries');
    const form = page.getByRole('region', { name: 'Import draws from CSV' });
    // The lottery is chosen from the list, by name and tag.
    await form.getByRole('radio', { name: `Import ${width} (${tag('import')})` }).check();
    const csv = [
      'date,main,special',
      '2025-03-01,4 5 6,',
      '2025-03-02,1 2 3,',
      '2025-03-03,7 8 9,',
      '2025-03-04,1 1 12,',
      // A day the calendar does not have: refused on its line, the rest previewed (it once failed the whole preview).
      '2025-02-30,4 5 6,',
    ].join('\n');
    await form.getByLabel('CSV content').fill(csv);
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.getByTestId('import-preview');
    await preview.waitFor();
    const outcome = (date: string) =>
      preview.locator('tr', { has: page.getByRole('rowheader', { name: date }) });
    await outcome('2025-03-01').getByText('Replaces').waitFor();
    expect(await outcome('2025-03-01').textContent()).toContain('stored 1 2 3');
    expect(await outcome('2025-03-02').textContent()).toContain('Unchanged');
    expect(await outcome('2025-03-03').textContent()).toContain('New');
    expect(await outcome('2025-03-04').textContent()).toContain('Refused');
    expect(await outcome('2025-02-30').textContent()).toMatch(/Refused.*2025-02-30/);
    expect(await preview.getByRole('table').getByText('The 5 draws in the file').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, `admin-import-preview-${width}`);

    await form.getByRole('button', { name: 'Import draws' }).click();
    const dialog = page.getByRole('dialog', { name: `Import 5 draws into ${tag('import')}?` });
    await dialog.getByText('As previewed: 1 new, 1 replacing stored draws, 1 unchanged, 2 refused').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await storedDraws(api.baseUrl, jwt, tag('import'))).toBe(2);

    await form.getByRole('button', { name: 'Import draws' }).click();
    await dialog.getByRole('button', { name: 'Import now' }).click();
    const report = form.getByTestId('import-report');
    await report.getByRole('heading', { name: 'Import report' }).waitFor();
    expect(await report.locator('dd').allTextContents()).toEqual(['1', '1', '1', '2']);
    expect(await storedDraws(api.baseUrl, jwt, tag('import'))).toBe(3);
  });

  test('a new source names its lottery from the list of lotteries', async () => {
    await createLotteryViaApi(api.baseUrl, jwt, { tag: tag('source'), name: `Source ${width}` });
    await page.goto('#/admin/sync');
    await page.reload();
    await heading(page, 'Sync');
    await page.getByRole('button', { name: 'New source' }).click();
    const dialog = page.getByRole('dialog', { name: 'New source' });
    // Nothing chosen: said at the list, in the portal's words.
    await dialog.getByLabel('URL', { exact: true }).fill('https://example.test/draws.json');
    await dialog.getByRole('button', { name: 'Save source' }).click();
    await dialog.getByText('Choose the lottery to fetch draws for.').waitFor();
    await dialog.getByRole('radio', { name: `Source ${width} (${tag('source')})` }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Save source' }).click();
    await page.getByText(`Source of ${tag('source')} saved.`).waitFor();
    expect(await sourceUrl(api.baseUrl, jwt, tag('source'))).toBe('https://example.test/draws.json');
  });
});
