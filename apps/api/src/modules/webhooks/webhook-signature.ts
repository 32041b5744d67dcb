import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * `X-Lottery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (contract section 8). During a
 * rotation's grace period the body is signed with each secret, one `v1` per secret, newest first, so receivers
 * holding either verify.
 */
export function signatureHeader(body: string, secrets: string[], at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`,
  );
  return [`t=${t}`, ...signatures].join(',');
}
