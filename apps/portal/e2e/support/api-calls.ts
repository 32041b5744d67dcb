import { PASSWORD } from './portal';

/**
 * Direct API calls for setting the scene of a browser test (a license, a token, some traffic) and for checking
 * from outside what the portal claims; the portal itself is driven through the browser only.
 */
async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  { jwt, token, body }: { jwt?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  if (token) headers['X-API-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Like call(), but throws unless the status is the expected one. */
async function expectCall<T>(expected: number, ...args: Parameters<typeof call>): Promise<T> {
  const result = await call<T>(...args);
  if (result.status !== expected)
    throw new Error(`${args[1]} ${args[2]}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** Status of POST /auth/login with these credentials. */
export async function loginStatus(baseUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

export async function loginViaApi(baseUrl: string, email: string, password = PASSWORD): Promise<string> {
  const body = await expectCall<{ accessToken: string }>(200, baseUrl, 'POST', '/auth/login', {
    body: { email, password },
  });
  return body.accessToken;
}

/** Asks for a change of the session's e-mail address (as whoever learned the password could); returns the status. */
export async function changeEmailViaApi(baseUrl: string, jwt: string, email: string): Promise<number> {
  return (await call(baseUrl, 'POST', '/profile/email', { jwt, body: { email, password: PASSWORD } })).status;
}

/** Status of POST /auth/email/confirm with a link's token. */
export async function confirmEmailStatus(baseUrl: string, token: string): Promise<number> {
  return (await call(baseUrl, 'POST', '/auth/email/confirm', { body: { token } })).status;
}

export interface AccountRecord {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  license: { name: string; monthlyQuota: number | null } | null;
}

export async function findAccount(baseUrl: string, adminJwt: string, email: string): Promise<AccountRecord> {
  const page = await expectCall<{ accounts: AccountRecord[] }>(
    200,
    baseUrl,
    'GET',
    `/admin/accounts?email=${encodeURIComponent(email)}`,
    { jwt: adminJwt },
  );
  const account = page.accounts.find((a) => a.email === email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
}

export interface LicenseRecord {
  name: string;
  monthlyQuota: number | null;
  perSecond: number;
  perMinute: number;
  perHour: number;
}

export async function putLicense(baseUrl: string, adminJwt: string, license: LicenseRecord): Promise<void> {
  const { name, ...values } = license;
  await expectCall(200, baseUrl, 'PUT', `/admin/licenses/${name}`, { jwt: adminJwt, body: values });
}

export async function getLicense(baseUrl: string, adminJwt: string, name: string): Promise<LicenseRecord> {
  const page = await expectCall<{ licenses: LicenseRecord[] }>(200, baseUrl, 'GET', '/admin/licenses', {
    jwt: adminJwt,
  });
  const license = page.licenses.find((l) => l.name === name);
  if (!license) throw new Error(`no license ${name}`);
  return license;
}

export async function updateAccount(
  baseUrl: string,
  adminJwt: string,
  id: string,
  change: Record<string, unknown>,
): Promise<void> {
  await expectCall(200, baseUrl, 'PATCH', `/admin/accounts/${id}`, { jwt: adminJwt, body: change });
}

/** Creates a token and returns its secret. */
export async function createTokenViaApi(
  baseUrl: string,
  jwt: string,
  body: { id: string; description?: string; expiresAt?: string },
): Promise<string> {
  const created = await expectCall<{ token: string }>(201, baseUrl, 'POST', '/profile/token', { jwt, body });
  return created.token;
}

export async function getToken(
  baseUrl: string,
  jwt: string,
  id: string,
): Promise<{ id: string; expiresAt?: string; previousSecretExpiresAt?: string }> {
  return expectCall(200, baseUrl, 'GET', `/profile/token/${encodeURIComponent(id)}`, { jwt });
}

/** A metered request as a user's program makes it: `ok` asks for a draw that exists, else an unknown lottery. */
export async function meteredRequest(baseUrl: string, token: string, ok = true): Promise<number> {
  const path = ok
    ? '/lottery/us_powerball/draw/latest/numbers'
    : '/lottery/no_such_lottery/draw/latest/numbers';
  return (await call(baseUrl, 'GET', path, { token })).status;
}

export interface LotteryRecord {
  tag: string;
  name: string;
  timezone: string;
  schedule: {
    publicationWindowMinutes: number;
    eras: { from: string; timezone: string; weekdays: string[]; time: string }[];
  } | null;
  nextDraw: { date: string; at: string } | null;
  freshness: { lastDraw: string | null; status: string; hoursBehind: number } | null;
  source: string | null;
  operator: string | null;
  terms: string | null;
  draws: { count: number; first: string | null; last: string | null };
  rules: {
    from: string;
    main: { count: number; min: number; max: number };
    special: { count: number; min: number; max: number } | null;
  }[];
}

/** The date `days` from today in UTC, 'YYYY-MM-DD'. */
export const utcDay = (days = 0): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A draw every day at 00:00 UTC, so that today's draw has always taken place when a test runs. */
export const dailySchedule = (publicationWindowMinutes: number) => ({
  publicationWindowMinutes,
  eras: [
    {
      from: '2020-01-01',
      timezone: 'Etc/UTC',
      weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      time: '00:00',
    },
  ],
});

/**
 * Adds a lottery of three numbers from 1 to 9 (no special ones), with a draw calendar or none, and stores a draw
 * on each of `draws` (dates).
 */
export async function createLotteryViaApi(
  baseUrl: string,
  adminJwt: string,
  {
    tag,
    name,
    schedule = null,
    draws = [],
  }: { tag: string; name: string; schedule?: unknown; draws?: string[] },
): Promise<void> {
  await expectCall(201, baseUrl, 'POST', '/admin/lotteries', {
    jwt: adminJwt,
    body: {
      tag,
      name,
      country: 'FR',
      timezone: 'Europe/Paris',
      main: { count: 3, min: 1, max: 9 },
      special: null,
      schedule,
    },
  });
  for (const date of draws) {
    await expectCall(201, baseUrl, 'PUT', `/admin/lotteries/${tag}/draws/${date}`, {
      jwt: adminJwt,
      body: { main: [1, 2, 3] },
    });
  }
}

/** A lottery as the administrators' list gives it (read page by page). */
export async function adminLottery(baseUrl: string, adminJwt: string, tag: string): Promise<LotteryRecord> {
  for (let offset = 0; ; offset += 15) {
    const page = await expectCall<{ lotteries: LotteryRecord[]; total: number }>(
      200,
      baseUrl,
      'GET',
      `/admin/lotteries?limit=15&offset=${offset}`,
      { jwt: adminJwt },
    );
    const found = page.lotteries.find((l) => l.tag === tag);
    if (found) return found;
    if (offset + 15 >= page.total) throw new Error(`no lottery ${tag}`);
  }
}

type Numbers = { special: boolean; order: number; value: number }[];

export interface SourceRecord {
  lottery: string;
  adapter: string;
  url: string;
  mapping: Record<string, unknown> | null;
  enabled: boolean;
}

export interface SyncStateRecord {
  lottery: string;
  lastError: string | null;
  consecutiveFailures: number;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastContest: number | null;
  freshness: { status: string } | null;
}

export interface ConflictRecord {
  id: string;
  lottery: string;
  status: string;
  stored: { date: string; numbers: Numbers };
  fetched: { date: string; numbers: Numbers };
  source: string;
  fetchedAt: string;
}

/**
 * The admin routes of draw ingestion (sources, sync states, conflicts, a draw with its provenance), under the names
 * of the SDK's `admin` façade, for checking from outside what the portal shows and did.
 */
export function ingestionAdmin(baseUrl: string, jwt: string) {
  const get = <T>(path: string) => expectCall<T>(200, baseUrl, 'GET', path, { jwt });
  /** Every page of an admin list (15 items a page). */
  const all = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    for (let offset = 0; ; offset += 15) {
      const page = await get<{ sources: T[]; more: boolean }>(`${path}?offset=${offset}`);
      items.push(...page.sources);
      if (!page.more) return items;
    }
  };
  return {
    sources: {
      list: () => all<SourceRecord>('/admin/sources'),
      put: (
        tag: string,
        body: { adapter: string; url: string; mapping?: unknown; enabled?: boolean; fallbacks?: unknown[] },
      ) => expectCall<SourceRecord>(200, baseUrl, 'PUT', `/admin/sources/${tag}`, { jwt, body }),
    },
    sync: {
      list: () => all<SyncStateRecord>('/admin/sync'),
    },
    conflicts: {
      list: async (status?: string) =>
        (await get<{ conflicts: ConflictRecord[] }>(`/admin/conflicts${status ? `?status=${status}` : ''}`))
          .conflicts,
      reject: (id: string) =>
        expectCall<ConflictRecord>(200, baseUrl, 'POST', `/admin/conflicts/${id}/reject`, { jwt }),
    },
    draws: {
      get: (tag: string, date: string) =>
        get<{ date: string; numbers: Numbers; source: string | null; fetchedAt: string | null }>(
          `/admin/lotteries/${tag}/draws/${date}`,
        ),
    },
  };
}

/** The newest `limit` draws of a lottery, newest first, as a token holder's program reads them. */
export async function newestDraws(
  baseUrl: string,
  token: string,
  tag: string,
  limit: number,
): Promise<{ date: string; numbers: Numbers }[]> {
  const page = await expectCall<{ draws: { date: string; numbers: Numbers }[] }>(
    200,
    baseUrl,
    'GET',
    `/lottery/${tag}/draws?limit=${limit}`,
    { token },
  );
  return page.draws;
}

/**
 * Adds a lottery that draws two rounds a date (three numbers from 1 to 20 and a bonus ball from the same pool;
 * a jackpot for 3, GBP 100 for 2 + bonus, a shared prize for 2), stores `draws` (each with its round), and
 * what a draw paid where `prizes` gives it.
 */
export async function createRoundsLotteryViaApi(
  baseUrl: string,
  adminJwt: string,
  {
    tag,
    name,
    draws,
    prizes = [],
  }: {
    tag: string;
    name: string;
    draws: { date: string; round: number; main: number[]; special: number[] }[];
    prizes?: { date: string; round: number; body: unknown }[];
  },
): Promise<void> {
  const ball = { min: 1, max: 20 };
  await expectCall(201, baseUrl, 'POST', '/admin/lotteries', {
    jwt: adminJwt,
    body: {
      tag,
      name,
      country: 'GB',
      timezone: 'Europe/London',
      // The groups of the era in force today: where the specials' name is given.
      main: { count: 3, ...ball },
      special: { count: 1, ...ball, pool: 'main', name: 'Bonus Ball' },
      rules: [
        {
          from: '2020-01-01',
          rounds: 2,
          main: { count: 3, ...ball },
          special: { count: 1, ...ball, pool: 'main' },
          prizes: [
            {
              from: '2020-01-01',
              source: 'e2e',
              divisions: [
                { rank: 1, main: 3, prize: { type: 'jackpot' } },
                { rank: 2, main: 2, special: 1, prize: { type: 'fixed', amount: 100, currency: 'GBP' } },
                { rank: 3, main: 2, prize: { type: 'parimutuel' } },
              ],
            },
          ],
        },
      ],
    },
  });
  for (const { date, round, main, special } of draws) {
    await expectCall(201, baseUrl, 'PUT', `/admin/lotteries/${tag}/draws/${date}?round=${round}`, {
      jwt: adminJwt,
      body: { main, special },
    });
  }
  for (const { date, round, body } of prizes) {
    await expectCall(201, baseUrl, 'PUT', `/admin/lotteries/${tag}/draws/${date}/prizes?round=${round}`, {
      jwt: adminJwt,
      body,
    });
  }
}
