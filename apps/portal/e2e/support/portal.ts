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

export async function goTo(page: Page, navLabel: string, title: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: navLabel, exact: true })
    .click();
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
