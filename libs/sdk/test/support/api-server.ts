// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startApi as startApiProcess } from '../../../../tools/testing/api-process';

// eslint-disable-next-line @nx/enforce-module-boundaries
export { apiMain, workspaceRoot, type ApiServer } from '../../../../tools/testing/api-process';

/** The built API for the SDK tests (see tools/testing/api-process.ts). */
export const startApi = (timeoutMs?: number) => startApiProcess({ label: 'sdk-test', timeoutMs });
