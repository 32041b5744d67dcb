import type { Browser, Locator, Page } from 'playwright-core';
import { startApi, type ApiServer } from './support/api-server';
import { createLotteryViaApi, loginViaApi } from './support/api-calls';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { fieldState } from './support/forms';
import { expectNoSideScroll } from './support/layout';
import { heading, openLoggedIn, registerViaApi, uniqueEmail } from './support/portal';

const FIRST = { tag: 'wh_edit_first', name: 'Edit first lotto' };
const SECOND = { tag: 'wh_edit_second', name: 'Edit second lotto' };
const WIDTHS = [1280, 375];

interface WebhookRecord {
  url: string;
  events: string[];
  lotteries: string[] | null;
}

/**
 * Webhooks chosen and changed with the lottery tag picker, at a laptop's and a phone's width: lotteries offered
 * by name where the list can be read (an administrator), typed tags lower-cased where it cannot (an account
 * holder), a subscription edited in its dialog (target, events, lotteries) and the card following, also after
 * a reload; the portal's own validation messages.
 */
describe('portal: creating and editing webhooks with the lottery picker', () => {
  let server: ApiServer;
  let browser: Browser;
  let adminJwt = '';

  beforeAll(async () => {
    server = await startApi();
    browser = await launchBrowser();
    adminJwt = await loginViaApi(server.baseUrl, server.adminEmail, server.adminPassword);
    await createLotteryViaApi(server.baseUrl, adminJwt, FIRST);
    await createLotteryViaApi(server.baseUrl, adminJwt, SECOND);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const card = (page: Page, url: string): Locator => page.locator(`article[data-webhook-url="${url}"]`);
  const listed = async (jwt: string, url: string): Promise<WebhookRecord | undefined> => {
    const response = await fetch(`${server.baseUrl}/profile/webhooks`, {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    const { webhooks } = (await response.json()) as { webhooks: (WebhookRecord & { url: string })[] };
    return webhooks.find((w) => w.url === url);
  };
  async function openWebhooks(width: number, email: string, password?: string): Promise<Page> {
    const page = await newPage(browser, server.baseUrl, { width, height: 860 });
    await openLoggedIn(page, {
      apiBaseUrl: server.baseUrl,
      email,
      password,
      route: '#/webhooks',
      title: 'Webhooks',
    });
    return page;
  }
  async function closeSecret(page: Page): Promise<void> {
    await page
      .getByRole('dialog', { name: 'Subscription created' })
      .getByText('you will not see it again')
      .waitFor();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  test.each(WIDTHS)(
    'at %i px: create with lotteries picked by name, then edit url, events and lotteries',
    async (width) => {
      const page = await openWebhooks(width, server.adminEmail, server.adminPassword);
      const form = page.locator('form[aria-labelledby="create-webhook-title"]');
      const url = `https://example.com/picked-${width}`;
      await form.getByLabel('Target URL').fill(url);
      await form.getByLabel('Only the lotteries I choose').check();
      // Offered by name and tag, from the list of lotteries: nothing to type, nothing to mistype.
      const picker = form.getByRole('group', { name: 'Send events of these lotteries' });
      await picker.getByLabel(`${FIRST.name} (${FIRST.tag})`).check();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Create subscription' }).click();
      await closeSecret(page);
      await card(page, url).getByTestId('webhook-lotteries').filter({ hasText: FIRST.tag }).waitFor();

      // Edit: another target, one more event, the other lottery.
      await card(page, url).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit the subscription' });
      const edited = `https://example.com/edited-${width}`;
      await dialog.getByLabel('Target URL').fill(edited);
      await dialog.getByLabel('draw.deleted: a draw was removed').check();
      await dialog.getByLabel(`${FIRST.name} (${FIRST.tag})`).uncheck();
      await dialog.getByLabel(`${SECOND.name} (${SECOND.tag})`).check();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText(`Subscription to ${edited} saved.`).waitFor();

      const expectEdited = async () => {
        const shown = card(page, edited);
        await shown.getByTestId('webhook-lotteries').filter({ hasText: SECOND.tag }).waitFor();
        expect(await shown.getByTestId('webhook-events').textContent()).toBe(
          'draw.published, draw.corrected, draw.deleted',
        );
        expect(await card(page, url).count()).toBe(0);
      };
      await expectEdited();
      await page.reload();
      await heading(page, 'Webhooks');
      await expectEdited();
      const jwt = await loginViaApi(server.baseUrl, server.adminEmail, server.adminPassword);
      expect(await listed(jwt, edited)).toMatchObject({
        events: ['draw.published', 'draw.corrected', 'draw.deleted'],
        lotteries: [SECOND.tag],
      });

      // Back to every lottery.
      await card(page, edited).getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('Every lottery').check();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card(page, edited)
        .getByTestId('webhook-lotteries')
        .filter({ hasText: 'all lotteries' })
        .waitFor();
      await page.context().close();
    },
  );

  test.each(WIDTHS)(
    'at %i px: the edit dialog says what is wrong in the portal’s words, and saves nothing',
    async (width) => {
      const page = await openWebhooks(width, server.adminEmail, server.adminPassword);
      const url = `https://example.com/checked-${width}`;
      const form = page.locator('form[aria-labelledby="create-webhook-title"]');
      await form.getByLabel('Target URL').fill(url);
      await form.getByRole('button', { name: 'Create subscription' }).click();
      await closeSecret(page);

      await card(page, url).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit the subscription' });
      await dialog.getByLabel('Target URL').fill('example.com/hook');
      await dialog.getByLabel('draw.published: a new draw').uncheck();
      await dialog.getByLabel('draw.corrected: a stored draw changed').uncheck();
      await dialog.getByLabel('Only the lotteries I choose').check();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('Choose at least one event.').waitFor();
      expect(await fieldState(dialog, 'Target URL')).toEqual({
        invalid: true,
        description:
          'Enter a full address, starting with https://, e.g. https://example.com/hooks/lottery. | A public https address: the service POSTs each event to it.',
      });
      await dialog.getByText('Choose at least one lottery, or choose “Every lottery”.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The API's own refusal, in the portal's words too.
      await dialog.getByLabel('Target URL').fill('http://example.com/hook');
      await dialog.getByLabel('draw.published: a new draw').check();
      await dialog.getByLabel('Every lottery').check();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('The address must start with https://.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      const jwt = await loginViaApi(server.baseUrl, server.adminEmail, server.adminPassword);
      expect(await listed(jwt, url)).toMatchObject({
        events: ['draw.published', 'draw.corrected'],
        lotteries: null,
      });
      await page.context().close();
    },
  );

  test.each(WIDTHS)(
    'at %i px: an account holder (no administrator) picks lotteries by name from the public directory',
    async (width) => {
      const email = uniqueEmail(`webhook-tags-${width}`);
      await registerViaApi(server.baseUrl, email);
      const page = await openWebhooks(width, email);
      const form = page.locator('form[aria-labelledby="create-webhook-title"]');
      const url = `https://example.com/picked-by-holder-${width}`;
      await form.getByLabel('Target URL').fill(url);
      await form.getByLabel('Only the lotteries I choose').check();
      const picker = form.getByRole('group', { name: 'Send events of these lotteries' });
      await picker.getByLabel(`${FIRST.name} (${FIRST.tag})`).check();
      await picker.getByLabel(`${SECOND.name} (${SECOND.tag})`).check();
      // Nothing typed: no case or spelling to get wrong.
      expect(await form.getByLabel('Lottery tags').count()).toBe(0);
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Create subscription' }).click();
      await closeSecret(page);
      await card(page, url)
        .getByTestId('webhook-lotteries')
        .filter({ hasText: `${FIRST.tag}, ${SECOND.tag}` })
        .waitFor();
      expect(await listed(await loginViaApi(server.baseUrl, email), url)).toMatchObject({
        lotteries: [FIRST.tag, SECOND.tag],
      });
      await page.context().close();
    },
  );
});
