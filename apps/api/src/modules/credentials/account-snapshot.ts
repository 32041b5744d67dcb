import type { AccountRole } from '../accounts/account.entity';

/** The license limits an account is held to. */
export interface LicenseLimits {
  name: string;
  monthlyQuota: number | null;
  perSecond: number;
  perMinute: number;
  perHour: number;
}

/** What the guards need to know about an account, cached on the hot path. */
export interface AccountSnapshot {
  accountId: string;
  email: string;
  role: AccountRole;
  disabled: boolean;
  license: LicenseLimits | null;
  /** Access tokens signed with another session version are refused (see Account.sessionVersion). */
  sessionVersion: number;
}

/** The account and token an API token secret belongs to. */
export interface TokenOwner {
  accountId: string;
  tokenId: string;
  /** Epoch ms from which this secret stops working (the token's expiry, or a rolled secret's grace end). */
  validUntil: number | null;
  /** Why it stops then: the token expires, or this secret was replaced by a roll (revoked). */
  endsAs: SecretEnd | null;
}

/** Said in the 401's WWW-Authenticate to a client whose secret exists but no longer works (ApiTokenGuard). */
export type SecretEnd = 'expired' | 'revoked';
