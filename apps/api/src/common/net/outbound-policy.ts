import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import {
  Agent as HttpAgent,
  type ClientRequest,
  request as httpRequest,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isPublicAddress, parseAddress } from './public-address';

/** Why a URL may not be contacted. */
export type OutboundProblem = 'malformed' | 'scheme' | 'plain-http' | 'credentials' | 'not-public';

/** A request the policy refused, before connecting or in the connection's lookup. */
export class OutboundRefusal extends Error {
  readonly code = 'ENOTPUBLIC';

  /** `address`: what the host resolved to, when the lookup refused it. */
  constructor(
    message: string,
    readonly address: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Where the service may send requests on its own (SSRF protection), for webhook targets and ingestion sources
 * alike: public addresses over https only, unless the host is listed in the allow-list setting (then plain http
 * and private addresses are allowed too: the operator's own hosts, 127.0.0.1 in tests).
 *
 * `problemWith` checks a URL without resolving it (saving a target, a redirect's Location). `request` re-applies
 * it at every connection: a URL refused now (the allow-list changed since it was saved) is not contacted, an IP
 * literal (which Node connects to without any lookup) is checked here, and a name is resolved by the
 * connection's own lookup, which refuses non-public answers: a DNS answer cannot change between the check and
 * the connection. Each policy has its own keep-alive agents, so a pooled socket was always opened under it.
 */
export class OutboundPolicy {
  private readonly allowed: Set<string>;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, timeout: 5000 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, timeout: 5000 });

  /** `setting` names the allow-list in messages (WEBHOOK_ALLOWED_HOSTS, SYNC_ALLOWED_HOSTS). */
  constructor(
    allowedHosts: string[],
    readonly setting: string,
  ) {
    this.allowed = new Set(allowedHosts.map(normalHost));
  }

  allows(host: string): boolean {
    return this.allowed.has(normalHost(host));
  }

  /**
   * Why `raw` may not be contacted, or null. A name is not resolved here (`request` checks its addresses), but
   * `localhost` names are refused at once: they mean this machine whatever DNS says (RFC 6761).
   */
  problemWith(raw: string | URL): OutboundProblem | null {
    const problem = this.problemBeforeLookup(raw);
    if (problem !== null) return problem;
    const host = hostOf(new URL(raw)); // it parsed above
    return !this.allows(host) && isLocalhostName(host) ? 'not-public' : null;
  }

  /** problemWith, but a name is left to the connection's lookup, which judges it by its addresses. */
  private problemBeforeLookup(raw: string | URL): OutboundProblem | null {
    let url: URL;
    try {
      url = typeof raw === 'string' ? new URL(raw) : raw;
    } catch {
      return 'malformed';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
    const host = hostOf(url);
    if (host === '') return 'malformed';
    const allowed = this.allows(host);
    if (url.protocol === 'http:' && !allowed) return 'plain-http';
    // Credentials would be shown wherever the URL is (logs, provenance, the owner's list).
    if (url.username || url.password) return 'credentials';
    if (!allowed && parseAddress(host) !== null && !isPublicAddress(host)) return 'not-public';
    return null;
  }

  /** The problem in words, without the URL (which may come from a remote answer: a redirect). */
  describe(problem: OutboundProblem): string {
    return {
      malformed: 'not an absolute http or https URL',
      scheme: 'not an http or https URL',
      'plain-http': `plain http is allowed only to hosts in ${this.setting}`,
      credentials: 'a URL with credentials',
      'not-public': `not a public address (private ones are allowed only to hosts in ${this.setting})`,
    }[problem];
  }

  /**
   * Opens a request under the policy (the caller ends it and listens to its events). Throws OutboundRefusal when
   * the URL is refused; a name resolving to a non-public address fails the request with one (code ENOTPUBLIC).
   */
  request(url: URL, options: RequestOptions): ClientRequest {
    const problem = this.problemBeforeLookup(url);
    if (problem !== null) throw new OutboundRefusal(this.describe(problem));
    const https = url.protocol === 'https:';
    return (https ? httpsRequest : httpRequest)(url, {
      ...options,
      agent: https ? this.httpsAgent : this.httpAgent,
      lookup: this.lookupFor(hostOf(url)),
    });
  }

  /**
   * A `lookup` for a connection to `host`: resolves like dns.lookup, then refuses (OutboundRefusal, ENOTPUBLIC)
   * when any address is not public and the host is not allowed.
   */
  lookupFor(host: string): typeof lookup {
    const allowed = this.allows(host);
    const guarded = (
      hostname: string,
      options: LookupOptions | number | undefined,
      callback: (...args: unknown[]) => void,
    ) => {
      const asked: LookupOptions =
        typeof options === 'object' && options !== null ? options : { family: options };
      lookup(hostname, { ...asked, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error);
        const refused = allowed ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (refused)
          return callback(
            new OutboundRefusal(
              `${hostname} resolves to ${refused.address}, which is not public`,
              refused.address,
            ),
          );
        if (asked.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    };
    return guarded as unknown as typeof lookup;
  }
}

/** The URL's host, lower-cased, without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Hosts compare lower-cased, without brackets or a final dot, IPv6 addresses in one spelling. */
function normalHost(host: string): string {
  const bare = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return parseAddress(bare)?.toString() ?? bare;
}

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever DNS would say. */
function isLocalhostName(host: string): boolean {
  const name = host.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
