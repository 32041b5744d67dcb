import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { findChromium, screenshotDir } from './paths';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The run's browser server (started by the global set-up), as a WebSocket endpoint: each spec file connects to it
 * instead of launching a Chromium of its own (≈ 0.5–1 s a file on 2 cores), and each of its pages still has a
 * browser context of its own (storage, cookies, session), which close() on a connected browser closes.
 */
export const BROWSER_ENDPOINT = 'PORTAL_E2E_BROWSER_WS';

/** Launches the Chromium that the run's spec files share (global-setup.ts; closed by global-teardown.ts). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROME_PATH.');
  return chromium.launchServer({ executablePath, args: FLAGS, host: '127.0.0.1' });
}

/**
 * The browser for a spec file: a connection to the run's browser server when the global set-up started one, else
 * a Chromium of the file's own. close() ends the connection and every context the file opened (or that Chromium).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT];
  if (endpoint) return chromium.connect(endpoint);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROME_PATH.');
  return chromium.launch({ executablePath, args: FLAGS });
}

/**
 * A fresh page (own storage and session) on the portal; `page.goto('#/tokens')` opens a route. The page is
 * addressed by its file so that these journeys do not hang on how /portal/ itself is served, which
 * portal-served.e2e.ts checks on its own.
 */
export async function newPage(
  browser: Browser,
  apiBaseUrl: string,
  viewport = { width: 1280, height: 860 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: `${apiBaseUrl}/portal/index.html`, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

/** With SCREENSHOTS=1, saves the page as docs/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Calls a lottery route from the test (not the browser) with a token, as a user's program would. */
export async function latestNumbers(
  apiBaseUrl: string,
  token: string,
): Promise<{ status: number; body: { message?: string } }> {
  const response = await fetch(`${apiBaseUrl}/lottery/us_powerball/draw/latest/numbers`, {
    headers: { 'X-API-Token': token },
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}
