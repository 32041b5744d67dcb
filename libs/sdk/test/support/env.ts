import { randomBytes } from 'node:crypto';

/** Where the global set-up started the API, and its bootstrap admin. */
export function testApi(): { baseUrl: string; adminEmail: string; adminPassword: string } {
  const baseUrl = process.env.SDK_TEST_BASE_URL;
  if (!baseUrl) throw new Error('SDK_TEST_BASE_URL unset: run the tests through libs/sdk/jest.config.cjs');
  return {
    baseUrl,
    adminEmail: process.env.SDK_TEST_ADMIN_EMAIL ?? '',
    adminPassword: process.env.SDK_TEST_ADMIN_PASSWORD ?? '',
  };
}

/** A unique e-mail address per call, so test files never collide on the shared API. */
export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@sdk-test.example`;
