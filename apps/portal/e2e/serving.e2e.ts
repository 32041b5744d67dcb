import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sharedApi, type ApiServer } from './support/api-server';
import { launchBrowser } from './support/browser';
import { portalDist } from './support/paths';

/** How the API serves the portal and the docs to browsers: compression, caching, no source maps, security headers. */
describe('portal and docs: served to browsers', () => {
  let api: ApiServer;
  let browser: Browser;
  let script: string;

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const page = await (await fetch(`${api.baseUrl}/portal/`)).text();
    const found = page.match(/\/portal\/assets\/index-[\w-]+\.js/);
    if (!found) throw new Error(`no script in the portal page:\n${page}`);
    script = found[0];
  });

  afterAll(async () => {
    await browser?.close();
  });

  const get = (path: string, acceptEncoding?: string) =>
    fetch(`${api.baseUrl}${path}`, acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {});

  test('hashed assets come precompressed (Brotli, else gzip) and are cached for a year as immutable', async () => {
    const identity = await get(script, 'identity');
    const plain = (await identity.arrayBuffer()).byteLength;
    expect(identity.headers.get('content-encoding')).toBeNull();

    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      // Node's fetch decodes the body; the raw size comes from Content-Length.
      const res = await get(script, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plain / 2);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.arrayBuffer()).byteLength).toBe(plain);
    }
    // The page that names the assets is revalidated on every visit.
    expect((await get('/portal/')).headers.get('cache-control')).toBe('no-cache');
  });

  test('no source map is built or served', async () => {
    const files = readdirSync(join(portalDist, 'assets'));
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([]);
    expect(await (await get(script)).text()).not.toContain('sourceMappingURL');
    expect((await get(`${script}.map`)).status).toBe(404);
  });

  test.each(['/portal/', '/docs'])(
    '%s sends CSP, frame-ancestors none, nosniff and a referrer policy',
    async (path) => {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  test('the portal and Swagger UI run under that policy in Chromium, lottery and draw groups first', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await page.goto(`${api.baseUrl}/portal/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.goto(`${api.baseUrl}/docs`);
    await page.locator('.opblock-tag').first().waitFor({ timeout: 15000 });
    const groups = await page
      .locator('.opblock-tag')
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-tag')));
    expect(groups.slice(0, 2)).toEqual(['lotteries', 'draws']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
