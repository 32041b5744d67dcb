import { startApi as startApiProcess } from '../../../../tools/testing/api-process';

export { apiMain, workspaceRoot, type ApiServer } from '../../../../tools/testing/api-process';

/** The built API for the SDK tests (see tools/testing/api-process.ts). */
export const startApi = (timeoutMs?: number) => startApiProcess({ label: 'sdk-test', timeoutMs });
