import type { Browser } from 'playwright-core';
import { createTokenViaApi, loginViaApi, meteredRequest } from './support/api-calls';
import { startMailingApi, type ApiServer, type MailingApi } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { heading, logIn, registerViaApi, uniqueEmail } from './support/portal';

const SUBJECT = 'Confirm your Lottery Results e-mail address';
const NOTICE = 'Confirm your address to receive your free license';

describe('portal: verifying the address before the free license (SMTP_URL set: REGISTRATION_VERIFY_EMAIL on)', () => {
  let smtp: MailingApi['smtp'];
  let api: ApiServer;
  let stopMailing: (() => Promise<void>) | undefined;
  let browser: Browser;

  beforeAll(async () => {
    // REGISTRATION_VERIFY_EMAIL is not set: on by default with SMTP_URL.
    ({ smtp, api, stop: stopMailing } = await startMailingApi());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopMailing?.();
  });

  test.each([
    [1280, 'in the session'],
    [375, 'logged out, in another browser'],
  ] as const)(
    'at %i px the dashboard asks for the link, and opening it %s grants the license',
    async (width, where) => {
      const email = uniqueEmail('verify');
      await registerViaApi(api.baseUrl, email);
      const token = await createTokenViaApi(api.baseUrl, await loginViaApi(api.baseUrl, email), {
        id: 'before-the-link',
      });
      // No license until the address is verified: the contract's 403.
      expect(await meteredRequest(api.baseUrl, token)).toBe(403);
      const page = await newPage(browser, api.baseUrl, { width, height: 740 });
      await logIn(page, email);

      const notice = page.getByRole('region', { name: NOTICE });
      await notice.getByText(`We sent a link to ${email}.`).waitFor();
      await page.getByText('it comes with the link we e-mailed you').waitFor();
      // No administrator is needed for it: the usage card does not send the holder to one.
      expect(await page.getByText('ask an administrator for one').count()).toBe(0);
      // The registration's link went out less than a minute ago: another is refused, with the wait.
      await notice.getByRole('button', { name: 'Send the link again' }).click();
      await notice
        .getByRole('alert')
        .getByText(/^Too many requests\. Try again in \d+ (seconds?|minutes?|hours?)\.$/)
        .waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `verify-email-notice-${width}`);

      const mail = await smtp.mailTo(email, 15_000, SUBJECT);
      const url = /^http\S+#\/verify-email\?token=\S+$/m.exec(mail.text)?.[0] ?? '';
      expect(url.startsWith(`${api.baseUrl}/portal/#/verify-email?token=`)).toBe(true);
      const opener =
        where === 'in the session' ? page : await newPage(browser, api.baseUrl, { width, height: 740 });
      await opener.goto(url);
      await heading(opener, 'Verify your e-mail address');
      const verified = opener.getByRole('status');
      await verified.getByText(`Your e-mail address ${email} is verified.`).waitFor();
      expect(await verified.textContent()).toContain(
        'Your account has the free license: its tokens work now.',
      );
      await expectNoSideScroll(opener);
      expect(await seriousViolations(opener)).toEqual([]);
      await screenshot(opener, `verify-email-done-${width}`);
      expect(await meteredRequest(api.baseUrl, token)).toBe(200);

      if (opener === page) {
        await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      } else {
        await opener.getByRole('link', { name: 'Log in' }).last().waitFor();
        await opener.context().close();
        await page.reload();
      }
      await heading(page, 'Dashboard');
      await page.getByRole('heading', { name: 'License' }).waitFor();
      await page.getByText('free', { exact: true }).waitFor();
      expect(await page.getByRole('region', { name: NOTICE }).count()).toBe(0);

      // The link worked once: opened again, it says so.
      const again = await newPage(browser, api.baseUrl, { width, height: 740 });
      await again.goto(url);
      await again
        .getByRole('alert')
        .getByText('This link is unknown, has expired (after 24 hours) or was already used.')
        .waitFor();
      expect(await seriousViolations(again)).toEqual([]);
      await again.context().close();
      await page.context().close();
    },
  );
});
