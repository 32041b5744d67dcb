import { createClient, type LotteryClient } from '@lottery-results/sdk';

/**
 * Where the API is: the portal's own origin (the API serves it at /portal/), or VITE_API_URL when the
 * portal is built to talk to an API elsewhere.
 */
export const apiBaseUrl: string =
  (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') || window.location.origin;

/** The API's own documentation (Swagger UI), served by the API: absolute, since it is not a portal route. */
export const docsUrl = `${apiBaseUrl}/docs`;

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
