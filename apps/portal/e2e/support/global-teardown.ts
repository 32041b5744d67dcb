import { rmSync } from 'node:fs';
// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { SEEDED_DATA_DIR } from '../../../../tools/testing/api-process';

/** Removes the run's seeded data directory (see global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env[SEEDED_DATA_DIR];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
