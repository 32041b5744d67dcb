import { createHash, randomBytes } from 'node:crypto';

/** A fixed marker so secret scanners can recognise leaked tokens. */
export const TOKEN_MARKER = 'lr_';
export const TOKEN_PREFIX_LENGTH = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

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

/** Only this hash is stored; lookups hash the presented secret the same way. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function tokenDisplayPrefix(secret: string): string {
  return secret.slice(0, TOKEN_PREFIX_LENGTH);
}
