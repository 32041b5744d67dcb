import type { Locator, Page } from 'playwright-core';

/** How a field presents its error to assistive technology: aria-invalid and the texts aria-describedby names. */
export async function fieldState(
  scope: Page | Locator,
  label: string,
): Promise<{ invalid: boolean; description: string }> {
  return scope.getByLabel(label, { exact: true }).evaluate((input) => ({
    invalid: input.getAttribute('aria-invalid') === 'true',
    description: (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`)
      .join(' | '),
  }));
}

/** Waits until the focus is on the page's <h1> (fails after the timeout if it never is), and returns its text. */
export async function focusedHeading(page: Page): Promise<string> {
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 });
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

/** The label or text of what has the focus. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
  });
}

/** The status of GET /profile with a JWT: 200 while it is good, 401 once refused. */
export async function profileStatus(apiBaseUrl: string, jwt: string): Promise<number> {
  return (await fetch(`${apiBaseUrl}/profile`, { headers: { Authorization: `Bearer ${jwt}` } })).status;
}

/** The session the portal keeps in sessionStorage (null when logged out). */
export async function storedSession(
  page: Page,
): Promise<{ jwt: string; startedAt: number; expiresAt: number } | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('lrs.portal.session');
    return raw ? JSON.parse(raw) : null;
  });
}
