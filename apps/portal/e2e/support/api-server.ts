import { startApi as startApiProcess } from '../../../../tools/testing/api-process';

export type { ApiServer } from '../../../../tools/testing/api-process';

/** The built API for the browser tests (see tools/testing/api-process.ts). */
export const startApi = () => startApiProcess({ label: 'portal-e2e' });
