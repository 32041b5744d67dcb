// What a route declares with @Auth (auth.decorator.ts), as the guards and Fastify's hooks read it back: who may
// call it and what one request costs. Kept apart from the decorator, which imports the guards, so that a guard can
// read it without an import cycle.
import { DEFAULT_QUOTA_COST } from '../metering/billing';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `apiToken`: the metered lottery routes, `X-API-Token` through the whole check chain of contract section 5;
 * - `mcp`: the MCP endpoint (contract section 11): a browser page only from an allowed origin, the API token in
 *   `X-API-Token` or `Authorization: Bearer`, an account enabled and licensed (steps 1–4), then its messages
 *   counted in the account's rate windows (McpAdmissionGuard; each tool call runs a metered route in-process,
 *   which counts it and charges its unit of quota there);
 * - `user`: a logged-in account (JWT); `admin`: a logged-in account with role admin.
 */
export type AccessLevel = 'public' | 'apiToken' | 'mcp' | 'user' | 'admin';

/**
 * The levels whose routes act for an account on the strength of a credential it holds (a JWT, or the API token
 * the MCP endpoint takes as a bearer): browser pages of other origins get CORS from them only when CORS_ORIGINS
 * lists their origin (OriginPolicy).
 */
export const CREDENTIALED_LEVELS: ReadonlySet<AccessLevel> = new Set<AccessLevel>(['user', 'admin', 'mcp']);

export interface AuthDeclaration {
  level: AccessLevel;
  /** Whether IP_RATE_LIMIT applies (everywhere but health and metrics, which probes and scrapers call). */
  ipRateLimit: boolean;
  /**
   * Whether the level's checks also run before the body is read (a route that takes a large body, the CSV import):
   * a caller who may not use the route is refused without the server reading or parsing what it sends.
   */
  beforeBody: boolean;
  /** `apiToken` routes: the units of monthly quota one request consumes (contract section 5, step 7). */
  cost: number;
}

export const AUTH_DECLARATION = 'auth:declaration';
/** The route config entry (`request.routeOptions.config`) that carries the declaration to Fastify's hooks. */
export const ROUTE_ACCESS = 'access';

/** A route's declaration as Fastify's hooks see it; undefined for routes outside Nest and the not-found handler. */
export function routeAccess(config: unknown): AuthDeclaration | undefined {
  return (config as { [ROUTE_ACCESS]?: AuthDeclaration } | undefined)?.[ROUTE_ACCESS];
}

/** A route's cost in units of quota: its declaration's, or the default (a route Nest did not declare). */
export function quotaCostOf(config: unknown): number {
  return routeAccess(config)?.cost ?? DEFAULT_QUOTA_COST;
}
