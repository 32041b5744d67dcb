import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import type { ApiServer } from './api-server';

/**
 * Closes the run's browser server, stops its shared API and removes its seeded data directory when it is its own
 * (see global-setup.ts).
 */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PORTAL_E2E_BROWSER__?: BrowserServer }).__PORTAL_E2E_BROWSER__?.close();
  await (globalThis as { __PORTAL_E2E_SHARED_API__?: ApiServer }).__PORTAL_E2E_SHARED_API__?.stop();
  const seed = (globalThis as { __PORTAL_E2E_SEED__?: { dir: string; own: boolean } }).__PORTAL_E2E_SEED__;
  if (seed?.own) rmSync(seed.dir, { recursive: true, force: true });
}
