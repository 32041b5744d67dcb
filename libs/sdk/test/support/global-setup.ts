import { startApi, type ApiServer } from './api-server';

export const slot = globalThis as { __SDK_TEST_API__?: ApiServer };

/** One API for the whole run; the test files read where it is from the environment (see env.ts). */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const server = await startApi();
  slot.__SDK_TEST_API__ = server;
  process.env.SDK_TEST_BASE_URL = server.baseUrl;
  process.env.SDK_TEST_ADMIN_EMAIL = server.adminEmail;
  process.env.SDK_TEST_ADMIN_PASSWORD = server.adminPassword;
  process.stdout.write(
    `\n[sdk test] API pid ${server.pid} ready on ${server.baseUrl} in ${Date.now() - started} ms\n`,
  );
}
