import { createClient, type LotteryClient } from '@lottery-results/sdk';
import { apiBaseUrl } from './api-url';

export type Client = LotteryClient;

/** For register and log-in, which need no credential. */
export function publicClient(): Client {
  return createClient({ baseUrl: apiBaseUrl });
}

export function accountClient(jwt: string): Client {
  return createClient({ baseUrl: apiBaseUrl, jwt });
}

export function tokenClient(token: string): Client {
  return createClient({ baseUrl: apiBaseUrl, token });
}
