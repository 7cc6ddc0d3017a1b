import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Which addresses and URLs the guarded fetcher may reach. Pure: no DNS, no sockets.
// ipaddr.js names the special ranges; written here by hand is only what it leaves open:
// addresses embedded in IPv6 transition forms, cloud metadata endpoints, and IPv6 space
// that is not allocated global unicast.

/** Why an address may (`public`) or may not be connected to. */
export type AddressClass =
  | 'public'
  | 'metadata' // a cloud provider's instance metadata service
  | 'unspecified'
  | 'broadcast'
  | 'multicast'
  | 'loopback'
  | 'private'
  | 'carrierGradeNat'
  | 'linkLocal'
  | 'uniqueLocal'
  | 'ipv4Compatible' // ::a.b.c.d, deprecated by RFC 4291 and not routable
  | 'unallocated' // IPv6 outside 2000::/3, where no global unicast is assigned
  | 'invalid'
  | (string & {}); // any other special range ipaddr.js names: reserved, benchmarking, as112, teredo …

/** Never reachable, not even through an allowed host: these are attack targets or not unicast at all. */
const ALWAYS_BLOCKED: ReadonlySet<string> = new Set(['metadata', 'unspecified', 'broadcast', 'multicast', 'invalid']);

// AWS, GCP and Azure answer on 169.254.169.254 (AWS ECS also on 169.254.170.2, EC2 on IPv6 at
// fd00:ec2::254), Alibaba on 100.100.100.200, Oracle on 192.0.0.192. All lie in blocked ranges
// already; naming them keeps them blocked even for an allowed host.
const METADATA_ADDRESSES: ReadonlySet<string> = new Set(
  ['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192'].map((a) => ipaddr.parse(a).toString()),
);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  if (METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
  const range = ip.range();
  return range === 'unicast' ? 'public' : range;
}

function v4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** An address embedded in an IPv6 transition form is as reachable as the IPv4 address it carries. */
function classifyV6(ip: ipaddr.IPv6): AddressClass {
  if (METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
  const p = ip.parts;
  const word = (i: number) => p[i] ?? 0;
  const range: string = ip.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (IPv4-translated)
      return classifyV4(v4FromWords(word(6), word(7)));
    case 'rfc6052': // NAT64; only the well-known /96 carries the IPv4 address in a fixed place
      return ip.match(NAT64_WELL_KNOWN) ? classifyV4(v4FromWords(word(6), word(7))) : range;
    case '6to4': // 2002:AABB:CCDD::/48
      return classifyV4(v4FromWords(word(1), word(2)));
    case 'teredo': {
      // 2001:0:SERVER:flags:port:CLIENT, the client's address stored inverted (RFC 4380)
      const server = classifyV4(v4FromWords(word(2), word(3)));
      if (server !== 'public') return server;
      return classifyV4(v4FromWords(word(6) ^ 0xffff, word(7) ^ 0xffff));
    }
    case 'unicast':
      if (p.slice(0, 6).every((w) => w === 0)) return 'ipv4Compatible';
      return ip.match(GLOBAL_UNICAST_V6) ? 'public' : 'unallocated';
    default:
      return range;
  }
}

/** Classifies an IP address (as from a DNS answer or a URL host, without brackets). */
export function classifyAddress(address: string): AddressClass {
  // net.isIP decides what is an address: ipaddr.js alone also accepts forms like "1" or "0x7f.1".
  const family = isIP(address);
  if (family === 4) return classifyV4(ipaddr.IPv4.parse(address));
  if (family !== 6) return 'invalid';
  const canonical = canonicalV6(address);
  return canonical === null ? 'invalid' : classifyV6(ipaddr.IPv6.parse(canonical));
}

/**
 * The IPv6 address as the URL parser writes it, without a zone. ipaddr.js reads a dotted tail
 * such as "::127.0.0.1" as IPv4-mapped (::ffff:…) where RFC 4291 means IPv4-compatible.
 */
function canonicalV6(address: string): string | null {
  const zoneless = address.split('%', 1)[0] ?? '';
  const host = URL.parse(`http://[${zoneless}]/`)?.hostname;
  return host === undefined ? null : host.slice(1, -1);
}

function normaliseHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase().replace(/\.$/, '');
  return isIP(lower) === 6 ? (canonicalV6(lower) ?? lower) : lower;
}

/** Whether `host` (a URL's hostname: a name, an IPv4 or a bracketed IPv6) is on the allow list. */
export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0 || host === '') return false;
  const wanted = normaliseHost(host);
  return allowedHosts.some((entry) => entry.trim() !== '' && normaliseHost(entry.trim()) === wanted);
}

/**
 * Whether the fetcher may connect to `address`, reached for `host`. Public addresses always;
 * private, loopback and other special ranges only for a host on the allow list; metadata,
 * unspecified, broadcast and multicast addresses never.
 */
export function mayConnect(address: string, host: string, allowedHosts: readonly string[]): boolean {
  const kind = classifyAddress(address);
  if (kind === 'public') return true;
  if (ALWAYS_BLOCKED.has(kind)) return false;
  return isAllowedHost(host, allowedHosts);
}

const HAS_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/[^/\\]/i;

export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

/** The scheme, credentials and host rules for a URL to fetch; says nothing yet about its address. */
export function checkFetchUrl(input: string | URL): UrlCheck {
  const text = typeof input === 'string' ? input.trim() : input.href;
  const url = URL.parse(text);
  if (url === null) return { ok: false, problem: 'it is not a valid URL' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'only http and https URLs can be fetched' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'URLs with credentials are not fetched' };
  // The URL parser reads "https:///a.jpg", "http:a.jpg" or "http:\\a.jpg" as host "a.jpg"; what was written had none.
  if (url.hostname === '' || !HAS_AUTHORITY.test(text)) return { ok: false, problem: 'the URL has no host' };
  return { ok: true, url };
}

/** The IP address a URL's hostname spells, without brackets; null when it is a name. */
export function hostAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
