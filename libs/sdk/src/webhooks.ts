/**
 * Verifying webhook deliveries on the receiving side (Node 20+ and browsers: Web Crypto only).
 *
 *   app.post('/hooks/lottery', express.raw({ type: 'application/json' }), async (req, res) => {
 *     if (!(await verifyWebhookSignature(process.env.LOTTERY_WEBHOOK_SECRET, req.headers, req.body)))
 *       return res.sendStatus(400);
 *     const event: WebhookEvent = JSON.parse(req.body.toString());
 *     …
 *   });
 */

/** The body of every delivery (contract section 8). */
export interface WebhookEvent<Draw = unknown> {
  /** Unique per event, also in X-Lottery-Event-Id: deduplicate on it (a delivery may come more than once). */
  id: string;
  type: 'draw.published' | 'draw.corrected' | 'draw.deleted' | 'draw.prizes' | 'webhook.test';
  createdAt: string;
  /**
   * The lottery's tag and the draw as the API serves it (both null for webhook.test); for `draw.prizes`, also what
   * the draw paid, as `prizes(tag, date)` answers it.
   */
  data: { lottery: string | null; draw: Draw | null; prizes?: unknown };
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How old a signature may be, in seconds (refuses replays); default 300. */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
}

const encoder = new TextEncoder();

/**
 * Whether a delivery is authentic: `X-Lottery-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
 * body>">`, one v1 per secret during a rotation) holds a valid signature of the raw body by `secret`, made within
 * `toleranceSeconds`. Pass the body exactly as received (string or bytes), not re-serialised JSON. The comparison
 * is Web Crypto's HMAC verify, in constant time.
 */
export async function verifyWebhookSignature(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): Promise<boolean> {
  const header = headerValue(headers, 'x-lottery-signature');
  if (!header) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') timestamp = value;
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  const raw = typeof body === 'string' ? encoder.encode(body) : body;
  const signed = new Uint8Array(new ArrayBuffer(timestamp.length + 1 + raw.length));
  signed.set(encoder.encode(`${timestamp}.`), 0);
  signed.set(raw, timestamp.length + 1);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  for (const signature of signatures) {
    const bytes = fromHex(signature);
    if (bytes && (await crypto.subtle.verify('HMAC', key, bytes, signed))) return true;
  }
  return false;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
