/**
 * A place in the change feed: after the event at (`seq`, `id`) (commit number, then row id; both bigint, kept as
 * decimal text), issued at `issuedAt` (whole seconds). Opaque to clients: base64url of `v1.<seq>.<id>.<issued>`.
 * The numbers come from the database, so a cursor means the same on every instance.
 */
export interface ChangeCursor {
  seq: string;
  id: string;
  issuedAt: number;
}

const MAX_BIGINT = 9_223_372_036_854_775_807n;
const FORMAT = /^v1\.(0|[1-9]\d{0,18})\.(0|[1-9]\d{0,18})\.(\d{1,12})$/;

export function encodeCursor(cursor: ChangeCursor): string {
  return Buffer.from(`v1.${cursor.seq}.${cursor.id}.${cursor.issuedAt}`, 'utf8').toString('base64url');
}

/** The cursor, or null when `text` is not one this service made. */
export function decodeCursor(text: string): ChangeCursor | null {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(text)) return null;
  const match = FORMAT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return null;
  const [, seq, id, issued] = match;
  if (BigInt(seq) > MAX_BIGINT || BigInt(id) > MAX_BIGINT) return null;
  return { seq, id, issuedAt: Number(issued) };
}

/** Whether position a comes before position b. */
export function isBefore(a: { seq: string; id: string }, b: { seq: string; id: string }): boolean {
  const [as, bs] = [BigInt(a.seq), BigInt(b.seq)];
  return as < bs || (as === bs && BigInt(a.id) < BigInt(b.id));
}
