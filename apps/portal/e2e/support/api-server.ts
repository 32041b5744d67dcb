// Test infrastructure shared by the SDK and portal tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startApi as startApiProcess } from '../../../../tools/testing/api-process';

// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ApiServer } from '../../../../tools/testing/api-process';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startSmtpReceiver } from '../../../../tools/testing/smtp-receiver';

export type { ApiServer };

/**
 * The built API for the browser tests (see tools/testing/api-process.ts); `env` adds settings. SYNC=off: the
 * scheduler is on by default and the bundled sources name the operators' hosts (the Sync page's tests sync a
 * local source server by hand).
 */
export const startApi = (env?: (baseUrl: string) => Record<string, string>) =>
  startApiProcess({ label: 'portal-e2e', env: (baseUrl) => ({ SYNC: 'off', ...env?.(baseUrl) }) });

/**
 * The built API sending its e-mail to a local SMTP receiver (PUBLIC_URL: its own address, so that the links in the
 * messages open this portal); `env` adds settings. stop() ends both.
 */
export type MailingApi = Awaited<ReturnType<typeof startMailingApi>>;

export async function startMailingApi(env: Record<string, string> = {}) {
  const smtp = await startSmtpReceiver();
  const api: ApiServer = await startApi((baseUrl) => ({ SMTP_URL: smtp.url, PUBLIC_URL: baseUrl, ...env }));
  return {
    smtp,
    api,
    async stop(): Promise<void> {
      await api.stop();
      await smtp.close();
    },
  };
}

const refused = async (): Promise<never> => {
  throw new Error(
    'The shared API is not stopped or restarted by a spec: start an API of your own (startApi)',
  );
};

/** The environment variable that carries the run's shared API to the spec files (see global-setup.ts). */
const SHARED_API = 'LRS_PORTAL_E2E_SHARED_API';

type SharedApiFields = Pick<ApiServer, 'baseUrl' | 'adminEmail' | 'adminPassword' | 'dataDir' | 'pid'>;

/** Starts the run's shared API (default settings, as startApi() gives) and names it in the environment. */
export async function startSharedApi(): Promise<ApiServer> {
  const api = await startApi();
  const fields: SharedApiFields = {
    baseUrl: api.baseUrl,
    adminEmail: api.adminEmail,
    adminPassword: api.adminPassword,
    dataDir: api.dataDir,
    pid: api.pid,
  };
  process.env[SHARED_API] = JSON.stringify(fields);
  return api;
}

/**
 * The run's shared API, for the specs that need nothing but default settings and whose data is their own: each
 * registers its own accounts and tokens, and none changes a lottery, a draw, a source, a setting or the
 * administrator, or counts what other specs make. Starting an API of one's own costs a few seconds a file. The
 * global teardown stops it: stop() and restart() are refused.
 */
export function sharedApi(): ApiServer {
  const fields = process.env[SHARED_API];
  if (!fields)
    throw new Error('No shared API: run the browser tests through jest -c apps/portal/jest.e2e.config.cjs');
  return {
    ...(JSON.parse(fields) as SharedApiFields),
    stop: refused,
    restart: refused,
  };
}
