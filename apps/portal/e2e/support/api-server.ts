// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startApi as startApiProcess } from '../../../../tools/testing/api-process';

// eslint-disable-next-line @nx/enforce-module-boundaries
export type { ApiServer } from '../../../../tools/testing/api-process';

/**
 * The built API for the browser tests (see tools/testing/api-process.ts); `env` adds settings. SYNC=off: the
 * scheduler is on by default and the bundled sources name the operators' hosts (the Sync page's tests sync a
 * local source server by hand).
 */
export const startApi = (env?: (baseUrl: string) => Record<string, string>) =>
  startApiProcess({ label: 'portal-e2e', env: (baseUrl) => ({ SYNC: 'off', ...env?.(baseUrl) }) });
