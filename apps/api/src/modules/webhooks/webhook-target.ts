import { lookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Messages } from '../../common/errors/messages';

/**
 * Where webhooks may be sent (SSRF protection): public https addresses only, unless the host is listed in
 * WEBHOOK_ALLOWED_HOSTS (then plain http and private addresses are allowed too, e.g. 127.0.0.1 in tests).
 * Checked when a subscription is saved (the URL, and the address when it is written as one) and again at every
 * delivery on the addresses the name resolves to, inside the connection's own lookup, so a DNS answer cannot
 * change between the check and the connection.
 */
export class WebhookTargetPolicy {
  private readonly allowed: Set<string>;

  constructor(allowedHosts: string[]) {
    this.allowed = new Set(allowedHosts);
  }

  /** The problem with a subscription URL, or null when it may be saved. */
  problemWithUrl(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return Messages.webhookUrlInvalid;
    }
    const host = hostOf(url);
    const allowed = this.allowed.has(host);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
      return Messages.webhookUrlNotHttps;
    if (url.username || url.password) return Messages.webhookUrlInvalid;
    if (!allowed && ipaddr.isValid(host) && !isPublicAddress(host)) return Messages.webhookUrlNotPublic;
    if (!allowed && (host === 'localhost' || host.endsWith('.localhost')))
      return Messages.webhookUrlNotPublic;
    return null;
  }

  /**
   * A `lookup` for http.request: resolves like dns.lookup, then refuses (ENOTPUBLIC) when any address is not
   * public and the host is not allowed.
   */
  lookupFor(host: string): typeof lookup {
    const allowed = this.allowed.has(host.toLowerCase());
    const guarded = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
      lookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error);
        const refused = allowed ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (refused) {
          const problem = Object.assign(
            new Error(`${hostname} resolves to ${refused.address}, which is not public`),
            {
              code: 'ENOTPUBLIC',
            },
          );
          return callback(problem);
        }
        if ((options as { all?: boolean } | undefined)?.all) return callback(null, addresses);
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

/** Unicast internet addresses only: not loopback, private, link-local (cloud metadata), CGNAT, reserved, … */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
