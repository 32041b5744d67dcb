import dns from 'node:dns';
import { isIP } from 'node:net';

const INSTALLED = Symbol.for('lrs.test.no-network');

/** Names that resolve on this machine without asking a DNS server (RFC 6761's `localhost` and its subdomains). */
const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname) || isIP(hostname) !== 0;

/**
 * A safety net under the rule that no test reaches the network: in a test process that boots the app, a lookup of
 * any name but `localhost` fails at once with ENOTFOUND (and no DNS query is sent), as an unknown host would. The
 * settings already keep every source and target local (SYNC=off in TEST_ENV, sources pointed at local servers);
 * this catches what a change of the bundled data (a source, a fallback) or of a test would let through. Outbound
 * requests resolve names through `dns.lookup` (the outbound policy's own lookup calls it); an IP literal needs no
 * lookup and is left to the policy, which refuses private ones and to which public ones are not handed in tests.
 * Tests that stub a name (jest.spyOn(dns, 'lookup')) still can: the stub wraps this guard.
 */
export function forbidNetwork(): void {
  const module = dns as typeof dns & { [INSTALLED]?: true };
  if (module[INSTALLED]) return;
  const real = dns.lookup;
  const guarded = (hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (error: Error) => void;
    if (isLocalName(hostname))
      return (real as (...args: unknown[]) => void).call(dns, hostname, options, callback);
    const error = Object.assign(
      new Error(`getaddrinfo ENOTFOUND ${hostname} (tests never reach the network)`),
      { code: 'ENOTFOUND', hostname, syscall: 'getaddrinfo' },
    );
    process.nextTick(() => done(error));
  };
  module.lookup = guarded as unknown as typeof dns.lookup;
  module[INSTALLED] = true;
}
