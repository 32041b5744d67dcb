import ipaddr from 'ipaddr.js';

/** IANA's global unicast IPv6 space: anything outside it is reserved, local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** RFC 6052's well-known NAT64 prefix: the last 32 bits are an IPv4 address reached through a translator. */
const NAT64_V6 = ipaddr.parseCIDR('64:ff9b::/96');
/** RFC 3056's 6to4: bits 16 to 47 are the IPv4 address of the relay. */
const SIX_TO_FOUR_V6 = ipaddr.parseCIDR('2002::/16');
/** `::/96`, IPv4-compatible IPv6 (deprecated), with `::` and `::1`: never a public destination. */
const IPV4_COMPATIBLE_V6 = ipaddr.parseCIDR('::/96');

/**
 * Unicast internet addresses only: not loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved,
 * documentation, … An IPv6 address that embeds an IPv4 one (`::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is as public as that IPv4 address; IPv4-compatible `::/96`, Teredo and the other special IPv6
 * ranges are never public (a connection to them may reach this machine or its network).
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded !== null) return embedded.range() === 'unicast';
  if (v6.match(IPV4_COMPATIBLE_V6)) return false;
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

/** The IPv4 address an IPv6 one stands for (mapped, NAT64, 6to4), or null. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const bytes = v6.toByteArray();
  if (v6.match(NAT64_V6)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (v6.match(SIX_TO_FOUR_V6)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * The address `text` spells (dotted IPv4, or IPv6), or null. IPv6 goes through the URL parser first: ipaddr.js
 * reads the IPv4-compatible '::a.b.c.d' (as getaddrinfo prints `::/96`) as if it were '::ffff:a.b.c.d'. A zone
 * ('fe80::1%eth0') is not an address the URL parser reads: null, never public.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!text.includes(':')) return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
  let hex: string;
  try {
    hex = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  return ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : null;
}
