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
