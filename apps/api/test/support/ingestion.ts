import { Clock } from '../../src/common/clock';
import { newAdmin, newLicensedHolder, ROOMY_LICENSE, sql } from './fixtures';
import { http } from './http';
import { createTestApp, type TestApp } from './test-app';

/** Friday 2026-08-14, noon UTC: a week after the bundled US histories end (2026-08-05 and 2026-08-07). */
export const NOW = new Date('2026-08-14T12:00:00Z');
export const POWERBALL_SOURCE = 'socrata-powerball';

/** The messages of the JSON log lines. */
export function logMessages(lines: string[]): string {
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg).join('\n');
}

/** The local source servers listen on 127.0.0.1: plain http at a loopback address, which sources may not use. */
export const LOCAL_SOURCES = { SYNC_ALLOWED_HOSTS: '127.0.0.1' };

/** A started app with a frozen clock, an administrator and a token holder, over a local source server. */
export async function setUp(env: Record<string, string> = {}) {
  const logs: string[] = [];
  const app = await createTestApp(
    { ...LOCAL_SOURCES, SYNC_TIMEOUT_MS: '500', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    { logDestination: { write: (line: string) => logs.push(line) } },
  );
  jest.spyOn(app.running.app.get(Clock), 'now').mockImplementation(() => new Date(NOW));
  const api = http(app.baseUrl);
  const admin = await newAdmin(app, api);
  // The free license's 20 requests a second would cut the tests short.
  const holder = await newLicensedHolder(api, admin.jwt, 'unlimited', ROOMY_LICENSE);
  return { app, api, admin, token: holder.token, logs };
}

/** Settings of a polling instance: checks every 50 ms, retries from 100 ms doubling up to 400 ms. */
export const FAST_SYNC = {
  ...LOCAL_SOURCES,
  SYNC: 'on',
  SYNC_CHECK_INTERVAL_MS: '50',
  SYNC_RETRY_MIN_MS: '100',
  SYNC_RETRY_MAX_MS: '400',
  SYNC_TIMEOUT_MS: '1000',
  LOG_LEVEL: 'error',
};

/**
 * Points every source of the primary's database at the local server, before any polling instance starts: the
 * others are disabled and the pointed ones lose their fallbacks (the bundled sources and fallbacks name the
 * operators' hosts: no test may reach them).
 */
export async function pointSourcesAt(primary: TestApp, urls: Record<string, string>): Promise<void> {
  await sql(primary, 'UPDATE draw_sources SET enabled = false');
  for (const [tag, url] of Object.entries(urls))
    await sql(
      primary,
      `UPDATE draw_sources SET url = $2, fallbacks = '[]', enabled = true WHERE lottery_tag = $1`,
      [tag, url],
    );
}

/**
 * A polling instance on the primary's database, its clock running from NOW; `env` adds to FAST_SYNC, `options` to
 * createTestApp's (a log destination).
 */
export async function startPollingInstance(
  primary: TestApp,
  env: Record<string, string> = {},
  options: { logDestination?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const instance = await createTestApp({ ...FAST_SYNC, ...env }, { ...options, shareDatabaseWith: primary });
  const shift = NOW.getTime() - Date.now();
  jest.spyOn(instance.running.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + shift));
  return instance;
}
