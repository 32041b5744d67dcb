/** What an answer may be compressed with, best first. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): the accepted one of br and gzip with the
 * highest weight (br on a tie), `*` standing for those not named; identity when neither is accepted.
 */
export function chooseCoding(acceptEncoding: string | string[] | undefined): ContentCoding {
  const header = [acceptEncoding ?? ''].flat().join(',');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.trim().split('=');
      if (key === 'q') weight = Number.parseFloat(value ?? '');
    }
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Whether a conditional GET is answered 304 (RFC 9110 §13.2.2): `If-None-Match` when sent (any of its tags, or
 * `*`, matching weakly), otherwise `If-Modified-Since` (the answer not modified since that second).
 */
export function notModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  etag: string,
  lastModified: Date,
): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const mine = opaque(etag);
    return headers.ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
  }
  if (headers.ifModifiedSince === undefined) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
