import type { AccountRole } from '../../modules/accounts/account.entity';

/** The license limits an authenticated caller is held to (a snapshot, cached on the hot path). */
export interface LicenseLimits {
  name: string;
  monthlyQuota: number | null;
  perSecond: number;
  perMinute: number;
  perHour: number;
}

/** Who is calling: set on the request by AccessGuard, read by handlers through @CurrentPrincipal(). */
export interface Principal {
  accountId: string;
  email: string;
  role: AccountRole;
  disabled: boolean;
  license: LicenseLimits | null;
  /** The API token used, on X-API-Token routes. */
  tokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
