/**
 * `/lottery//draw/numbers` has an empty tag, which the contract answers with 400 "tag must not be empty".
 * Nest's Fastify adapter sends any request with an empty route parameter to the not-found handler (404), before
 * guards and pipes. Rewriting the empty segment to a blank one (`%20`) before routing lets the request take the
 * normal path: token checks first, then the blank-tag 400 from the route's validation.
 * Meant for Fastify's `rewriteUrl` option; only a segment followed by another `/` is touched, so `/lottery/`
 * stays the list.
 */
const EMPTY_TAG_SEGMENT = /^\/(lottery|admin\/lotteries)\/(?=\/)/;

export function rewriteEmptyLotteryTag(url: string): string {
  // Runs on every request: most URLs have no empty segment at all.
  return url.includes('//') ? url.replace(EMPTY_TAG_SEGMENT, '/$1/%20') : url;
}
