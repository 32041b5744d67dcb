import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../src/modules/change-feed/change-feed.service';
import type { Http } from './http';
import type { TestApp } from './test-app';

let counter = 0;

export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

export const PASSWORD = 'correct horse battery staple';

/** Registers and logs in a new account; returns its id, email and JWT. */
export async function newAccount(
  api: Http,
  label?: string,
): Promise<{ id: string; email: string; jwt: string }> {
  const email = uniqueEmail(label);
  const registered = await api.post('/auth/register', { body: { email, password: PASSWORD } });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const login = await api.post('/auth/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { id: registered.body.id, email, jwt: login.body.accessToken };
}

/** Creates an API token for the account; returns the secret. */
export async function newToken(
  api: Http,
  jwt: string,
  id = `t-${randomBytes(3).toString('hex')}`,
): Promise<string> {
  const created = await api.post('/profile/token', { jwt, body: { id, description: 'test token' } });
  if (created.status !== 201) throw new Error(`token creation failed: ${created.status} ${created.text}`);
  return created.body.token;
}

/** A new account with an API token, ready for the lottery routes. */
export async function newTokenHolder(api: Http, label?: string) {
  const account = await newAccount(api, label);
  const tokenId = `t-${randomBytes(3).toString('hex')}`;
  return { ...account, tokenId, token: await newToken(api, account.jwt, tokenId) };
}

/** License limits for a test; the rates not given are roomy (1,000/s, 100,000/min, 1,000,000/h). */
export interface TestLicenseLimits {
  monthlyQuota: number | null;
  perSecond?: number;
  perMinute?: number;
  perHour?: number;
}

/** Limits no test reaches: for specs that read many answers in a row (the free license allows 20 a second). */
export const ROOMY_LICENSE: TestLicenseLimits = {
  monthlyQuota: null,
  perSecond: 100_000,
  perMinute: 1_000_000,
  perHour: 10_000_000,
};

/** A token holder on a license of its own, `name`, which an administrator (`adminJwt`) creates or replaces. */
export async function newLicensedHolder(
  api: Http,
  adminJwt: string,
  name: string,
  limits: TestLicenseLimits,
) {
  const put = await api.put(`/admin/licenses/${name}`, {
    jwt: adminJwt,
    body: { perSecond: 1000, perMinute: 100000, perHour: 1000000, ...limits },
  });
  if (put.status !== 200) throw new Error(`license ${name}: ${put.status} ${put.text}`);
  const holder = await newTokenHolder(api, name);
  const patch = await api.patch(`/admin/accounts/${holder.id}`, { jwt: adminJwt, body: { license: name } });
  if (patch.status !== 200)
    throw new Error(`license ${name} for ${holder.email}: ${patch.status} ${patch.text}`);
  return holder;
}

/** Runs SQL directly on the test app's database (to set up states the API cannot, e.g. an admin account). */
export async function sql(app: TestApp, query: string, params: unknown[] = []): Promise<any[]> {
  return app.running.app.get(DataSource).query(query, params);
}

/** A logged-in administrator (promoted directly in the database). */
export async function newAdmin(app: TestApp, api: Http) {
  const account = await newAccount(api, 'admin');
  await sql(app, `UPDATE accounts SET role = 'admin' WHERE id = $1`, [account.id]);
  await app.running.app.get(ChangeFeed).publish({ type: 'account.changed', accountId: account.id });
  return account;
}

export { Client };
