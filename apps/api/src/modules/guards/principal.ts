import type { AccountSnapshot, LicenseLimits } from '../credentials/account-snapshot';

/** Who is calling: set on the request by ApiTokenGuard or JwtAuthGuard, read through @CurrentPrincipal(). */
export interface Principal extends AccountSnapshot {
  /** The API token used, on X-API-Token routes. */
  tokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The principal an earlier guard of the chain set; a guard listed before its prerequisite fails closed. */
export function requirePrincipal(request: { principal?: Principal }): Principal {
  if (!request.principal) throw new Error('Guard order: no authenticated principal on this request');
  return request.principal;
}

/** The principal once LicenseGuard has passed: it holds a license. */
export function licensedPrincipal(request: {
  principal?: Principal;
}): Principal & { license: LicenseLimits } {
  const principal = requirePrincipal(request);
  if (!principal.license)
    throw new Error('Guard order: LicenseGuard must run before the quota and rate limits');
  return principal as Principal & { license: LicenseLimits };
}
