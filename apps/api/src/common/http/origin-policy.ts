/** The names of this machine: a page served from them is the operator's own (any port). */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which browser pages (by their Origin) may use what, from CORS_ORIGINS and PUBLIC_URL: CORS for cross-origin
 * pages, and the MCP endpoint's Origin check (the MCP Streamable HTTP transport requires one against DNS
 * rebinding). `*`, the default of CORS_ORIGINS, lists no origin: it lets any page read the answers of routes that
 * take no credential of a logged-in account (public routes, API-token routes), and no more.
 */
export class OriginPolicy {
  /** The origins CORS_ORIGINS lists, serialized as browsers send them; null for `*`. */
  private readonly listed: ReadonlySet<string> | null;
  /** Hosts (`name[:port]`, the default port left out) that pages of the service's own origin may be served from. */
  private readonly hosts: ReadonlySet<string>;

  constructor(corsOrigins: string[] | '*', publicUrl: string | null) {
    this.listed =
      corsOrigins === '*' ? null : new Set(corsOrigins.map((origin) => urlOf(origin)?.origin ?? origin));
    const urls = [...(this.listed ?? []), publicUrl ?? ''].map(urlOf);
    this.hosts = new Set(urls.flatMap((url) => (url ? [url.host] : [])));
  }

  /** Whether CORS_ORIGINS lists `origin` explicitly. */
  lists(origin: string): boolean {
    return this.listed?.has(origin) ?? false;
  }

  /**
   * Whether a page of `origin` gets CORS headers from a route: a route that takes a logged-in account's
   * credentials (`credentialed`) only for a listed origin; any other route for any origin under `*`.
   */
  allowsCors(origin: string, credentialed: boolean): boolean {
    return this.lists(origin) || (!credentialed && this.listed === null);
  }

  /**
   * Whether a page of `origin` may call the MCP endpoint, reached at `host` (the request's Host, or the proxy's
   * X-Forwarded-Host under TRUST_PROXY): a listed origin; or the service's own, when that host is one of this
   * machine's names, PUBLIC_URL's host or a listed origin's host. A page that DNS rebinding brought here (Origin
   * http://evil.example, Host evil.example, the name now resolving to this server) has its own origin but not an
   * allowed host.
   */
  admitsToMcp(origin: string, host: string): boolean {
    if (this.lists(origin)) return true;
    const page = urlOf(origin);
    const reached = urlOf(`${page?.protocol ?? 'http:'}//${host}`);
    if (!page || !reached || page.host !== reached.host) return false;
    return LOOPBACK_HOSTNAMES.has(reached.hostname) || this.hosts.has(reached.host);
  }
}

/** `text` as a URL, or undefined (an Origin of `null`, a host that is no host). */
function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
