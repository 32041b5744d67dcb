import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { launchBrowser, newPage } from './support/browser';
import { portalDist } from './support/paths';
import { heading } from './support/portal';

/** Vite's warning limit (build.chunkSizeWarningLimit, 500 kB): past it, `vite build` warns. */
const VITE_WARNING_BYTES = 500_000;

/**
 * The portal is split by route (src/app/routes.tsx): no chunk reaches Vite's warning size, and the first page a
 * visitor opens loads what it shows, not the administrators' pages.
 */
describe('portal: one chunk per page', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('no built script is past 500 kB', () => {
    const assets = join(portalDist, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    const large = scripts.filter((name) => statSync(join(assets, name)).size > VITE_WARNING_BYTES);
    expect(large).toEqual([]);
  });

  test("the start page loads no other page's code", async () => {
    const page = await newPage(browser, api.baseUrl);
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    await page.goto('#/');
    await heading(page, 'Lottery results, over one API');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(1);
    // Words only the admin Sync and Tokens pages show.
    expect(loaded.filter((text) => text.includes('failed at the last attempt'))).toEqual([]);
    expect(loaded.filter((text) => text.includes('tokens used'))).toEqual([]);
    expect(loaded.reduce((sum, text) => sum + text.length, 0)).toBeLessThan(VITE_WARNING_BYTES);

    // The log-in form (every route may show it) is there at once.
    await page.goto('#/login');
    await heading(page, 'Log in');
    await page.context().close();
  });
});
