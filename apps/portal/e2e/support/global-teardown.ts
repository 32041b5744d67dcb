import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import type { ApiServer } from './api-server';
// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { SEEDED_DATA_DIR } from '../../../../tools/testing/api-process';

/** Closes the run's browser server, stops its shared API and removes its seeded data directory (see global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PORTAL_E2E_BROWSER__?: BrowserServer }).__PORTAL_E2E_BROWSER__?.close();
  await (globalThis as { __PORTAL_E2E_SHARED_API__?: ApiServer }).__PORTAL_E2E_SHARED_API__?.stop();
  const dir = process.env[SEEDED_DATA_DIR];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
