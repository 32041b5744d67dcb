import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A fixed marker so secret scanners can recognise leaked tokens. */
export const TOKEN_MARKER = 'lr_';
export const TOKEN_PREFIX_LENGTH = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** What every secret this service issues looks like; anything else is refused before it is hashed or memoised. */
export const TOKEN_SHAPE = /^lr_[0-9A-Za-z]{32}$/;

/** A new secret: the marker and 32 base62 characters (≈190 random bits, rejection-sampled to stay uniform). */
export function generateTokenSecret(): string {
  let body = '';
  while (body.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < 32) body += BASE62[byte % 62];
    }
  }
  return TOKEN_MARKER + body;
}

/**
 * Recently presented secrets and their hashes, so that a client's repeated requests are hashed once (SHA-256 was
 * ≈ 5% of a metered read). It lives in memory only, like the requests themselves, and is bounded: past 10,000
 * secrets the least recently presented is forgotten.
 */
const recentHashes = new LRUCache<string, string>({ max: 10_000 });

/** Only this hash is stored; lookups hash the presented secret the same way. */
export function hashTokenSecret(secret: string): string {
  let hashed = recentHashes.get(secret);
  if (hashed === undefined) {
    hashed = hash('sha256', secret, 'hex');
    recentHashes.set(secret, hashed);
  }
  return hashed;
}

export function tokenDisplayPrefix(secret: string): string {
  return secret.slice(0, TOKEN_PREFIX_LENGTH);
}
