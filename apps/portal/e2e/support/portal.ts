import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** Registers through the API (for tests whose subject is not registration). */
export async function registerViaApi(apiBaseUrl: string, email: string, password = PASSWORD): Promise<void> {
  const response = await fetch(`${apiBaseUrl}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
}

export async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('#/login');
  await heading(page, 'Log in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Dashboard');
}

/**
 * Opens `route` in this tab already logged in, for a test whose subject is neither the log-in nor the dashboard
 * (logIn goes through both: ≈ 1 s more a time on 2 cores); waits for the page's heading, `title`. The JWT comes
 * from POST /auth/login, as the portal's own log-in gets it, and is in the tab's sessionStorage when the portal
 * starts, as a reload of a logged-in tab finds it; only this first load is given it (a later reload finds what
 * the portal left there).
 */
export async function openLoggedIn(
  page: Page,
  { apiBaseUrl, email, password = PASSWORD, route, title }: LoggedInRoute,
): Promise<void> {
  const response = await fetch(`${apiBaseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`log-in failed: ${response.status} ${await response.text()}`);
  const token = (await response.json()) as { accessToken: string; expiresIn: number };
  // As the portal stores a session it has just been given (session.tsx, session-storage.ts).
  const startedAt = Date.now();
  const session = { jwt: token.accessToken, startedAt, expiresAt: startedAt + token.expiresIn * 1000 };
  const script = await page.addInitScript(
    (stored) => window.sessionStorage.setItem('lrs.portal.session', stored),
    JSON.stringify(session),
  );
  try {
    await page.goto(route);
  } finally {
    await script.dispose();
  }
  await heading(page, title);
}

export interface LoggedInRoute {
  apiBaseUrl: string;
  email: string;
  password?: string;
  /** E.g. '#/tokens'. */
  route: string;
  /** The page's heading (level 1). */
  title: string;
}

/** Opens the phone's "Menu", where the header has folded the navigation and the session into it. */
export async function openHeaderMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Logs out through the header. */
export async function logOut(page: Page): Promise<void> {
  await openHeaderMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
}

/** Follows a link of the header's navigation (an administration page: through "Admin"). */
export async function goTo(page: Page, navLabel: string, title: string): Promise<void> {
  await openHeaderMenu(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: navLabel, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Admin' }).click();
  await link.click();
  await heading(page, title);
}

/** The secret shown in the "token created" dialog. */
export async function readSecretFromDialog(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('you will not see it again').waitFor();
  return (await dialog.getByTestId('token-secret').textContent())?.trim() ?? '';
}

/** Inputs, selects and text areas that no <label> (nor aria-label) names. */
export async function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      ),
    ]
      .filter((el) => el.type !== 'hidden' && el.labels?.length === 0 && !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML),
  );
}
