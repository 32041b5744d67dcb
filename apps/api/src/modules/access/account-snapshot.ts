import type { Principal } from '../../common/auth/principal';

/** What the access checks need to know about an account, cached on the hot path. */
export type AccountSnapshot = Omit<Principal, 'tokenId'>;

export interface TokenOwner {
  accountId: string;
  tokenId: string;
}
