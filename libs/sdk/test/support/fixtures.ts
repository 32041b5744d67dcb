import { createClient, LotteryApiError, type LotteryClient } from '../../src';
import { testApi, uniqueEmail } from './env';

export interface User {
  email: string;
  password: string;
  accountId: string;
  jwt: string;
  /** Authenticated with the JWT: profile, tokens. */
  account: LotteryClient;
}

export interface Subscriber extends User {
  tokenSecret: string;
  /** Authenticated with the API token: lottery endpoints. */
  lottery: LotteryClient;
}

export async function registerUser(label: string): Promise<User> {
  const { baseUrl } = testApi();
  const anonymous = createClient({ baseUrl });
  const email = uniqueEmail(label);
  const password = `pw-${label}-correct-horse`;
  const created = await anonymous.account.register({ email, password });
  const { accessToken } = await anonymous.account.login({ email, password });
  return {
    email,
    password,
    accountId: created.id,
    jwt: accessToken,
    account: createClient({ baseUrl, jwt: accessToken }),
  };
}

/** A new account with one API token, and a client for each credential. */
export async function registerSubscriber(label: string): Promise<Subscriber> {
  const user = await registerUser(label);
  const { token } = await user.account.tokens.create({ id: `${label}-token`, description: 'SDK tests' });
  return { ...user, tokenSecret: token, lottery: createClient({ baseUrl: testApi().baseUrl, token }) };
}

export async function adminClient(): Promise<LotteryClient> {
  const { baseUrl, adminEmail, adminPassword } = testApi();
  const { accessToken } = await createClient({ baseUrl }).account.login({
    email: adminEmail,
    password: adminPassword,
  });
  return createClient({ baseUrl, jwt: accessToken });
}

/** The LotteryApiError a call rejects with (fails the test if it resolves or throws something else). */
export async function apiError(call: PromiseLike<unknown>): Promise<LotteryApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof LotteryApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a LotteryApiError, but it succeeded');
}

/** Drains an async iterator into an array. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
