import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startSharedApi } from './api-server';
import { BROWSER_ENDPOINT, launchBrowserServer } from './browser';
import { apiMain, findChromium, portalDist, workspaceRoot } from './paths';
// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { seedDataDirectory } from '../../../../tools/testing/api-process';

function run(label: string, command: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: workspaceRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  process.stdout.write(`[portal-e2e] ${label} in ${Date.now() - started} ms\n`);
}

/**
 * Fails at once without a browser (so CI cannot pass by skipping), then builds the portal: always, since a
 * Vite build takes seconds and a stale bundle would test old code. PORTAL_E2E_SKIP_BUILD=1 reuses dist/. Last,
 * seeds the data directory and starts the run's shared API and browser server.
 */
export default async function globalSetup(): Promise<void> {
  const chromium = findChromium();
  if (!chromium) {
    throw new Error(
      "No Chromium found for the portal browser tests: install Debian's chromium or set CHROME_PATH.",
    );
  }
  if (!existsSync(apiMain)) run('API build', 'npx', ['tsc', '-p', 'apps/api/tsconfig.app.json']);
  const skipBuild = process.env.PORTAL_E2E_SKIP_BUILD === '1' && existsSync(`${portalDist}/index.html`);
  if (!skipBuild)
    run('portal build', 'npx', ['vite', 'build', '-c', 'apps/portal/vite.config.ts', '--logLevel', 'warn']);
  // Every spec's API starts from a copy of one seeded data directory, not by loading the bundle again (under
  // `npm test`, one for both parts of the browser tests). The global teardown removes it when it is this run's own.
  (globalThis as { __PORTAL_E2E_SEED__?: unknown }).__PORTAL_E2E_SEED__ =
    await seedDataDirectory('portal-e2e');
  // The API that the specs with default settings and data of their own share (api-server.ts: sharedApi).
  const sharedStarted = Date.now();
  (globalThis as { __PORTAL_E2E_SHARED_API__?: unknown }).__PORTAL_E2E_SHARED_API__ = await startSharedApi();
  process.stdout.write(`[portal-e2e] shared API ready in ${Date.now() - sharedStarted} ms\n`);
  // One Chromium for the run: each spec file connects to it with contexts of its own (see browser.ts). The
  // teardown, which runs in this process, closes it.
  const started = Date.now();
  const server = await launchBrowserServer();
  (globalThis as { __PORTAL_E2E_BROWSER__?: unknown }).__PORTAL_E2E_BROWSER__ = server;
  process.env[BROWSER_ENDPOINT] = server.wsEndpoint();
  process.stdout.write(`[portal-e2e] browser server ready in ${Date.now() - started} ms\n`);
}
