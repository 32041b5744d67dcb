import type { Browser } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { launchBrowser } from './support/browser';

/** `npm start` serves the built portal at /portal/ (the API's static files), and / leads there. */
describe('portal: served by the API', () => {
  let api: ApiServer;
  let browser: Browser;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('GET /portal/ answers the portal page; / sends a browser to it and answers API clients JSON', async () => {
    const portal = await fetch(`${api.baseUrl}/portal/`);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('<div id="root"></div>');
    const root = await fetch(`${api.baseUrl}/`, { redirect: 'manual', headers: { Accept: 'text/html' } });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/portal/');
    const client = await fetch(`${api.baseUrl}/`, { redirect: 'manual' });
    expect(client.status).toBe(200);
    expect(await client.json()).toEqual({
      name: 'Lottery Results Service',
      docs: '/docs',
      openapi: '/openapi.json',
      portal: '/portal/',
    });
  });

  test('a browser opening the service lands on the start page for visitors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${api.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Lottery results, over one API' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
