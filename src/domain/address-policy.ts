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

/** One FETCH_ALLOWED_HOSTS entry: a host and the ports it may be reached on. */
export interface AllowedHost {
  /** Normalised as a URL's hostname is: lower case, no trailing dot, IPv6 without brackets. */
  host: string;
  ports: readonly number[];
}

/** An entry without a port opens the web's two ports, never the host's other services. */
export const DEFAULT_ALLOWED_PORTS: readonly number[] = Object.freeze([80, 443]);

const BRACKETED = /^\[([^\]]*)\](?::(.*))?$/;
const NAME_OR_V4 = /^([^:]*)(?::(.*))?$/;

/** Reads `host`, `host:port`, an IPv4 with or without `:port`, `[v6]`, `[v6]:port`, or a bare IPv6 (no port). */
export function parseAllowedHost(entry: string): { ok: true; value: AllowedHost } | { ok: false; problem: string } {
  const text = entry.trim();
  const bad = (why: string) => ({ ok: false as const, problem: `"${text}" ${why}; write host, host:port or [IPv6]:port` });
  if (text === '') return bad('is empty');
  let hostPart: string;
  let portPart: string | undefined;
  if (isIP(text) === 6) hostPart = text;
  else {
    const match = BRACKETED.exec(text) ?? NAME_OR_V4.exec(text);
    if (match === null) return bad('is not a host');
    hostPart = match[1] ?? '';
    portPart = match[2];
    if (text.startsWith('[') && isIP(hostPart) !== 6) return bad('has brackets around something that is not an IPv6 address');
  }
  if (hostPart === '') return bad('names no host');
  if (/[/\\@?#*\s]/.test(hostPart)) return bad('is not a bare host name (no scheme, path, credentials or wildcard)');
  // The URL parser normalises the name exactly as it will for the URLs to fetch (case, IDN, IPv4 forms).
  const parsed = URL.parse(`http://${isIP(hostPart) === 6 ? `[${hostPart}]` : hostPart}/`);
  if (parsed === null || parsed.hostname === '') return bad('is not a valid host name');
  let ports = DEFAULT_ALLOWED_PORTS;
  if (portPart !== undefined) {
    const port = /^\d{1,5}$/.test(portPart) ? Number(portPart) : Number.NaN;
    if (!(port >= 1 && port <= 65535)) return bad(`has a port that is not a number from 1 to 65535`);
    ports = Object.freeze([port]);
  }
  return { ok: true, value: { host: normaliseHost(parsed.hostname), ports } };
}

/** Parses every entry; throws one error naming each bad entry. */
export function parseAllowedHosts(entries: readonly string[]): AllowedHost[] {
  const problems: string[] = [];
  const hosts: AllowedHost[] = [];
  for (const entry of entries) {
    const parsed = parseAllowedHost(entry);
    if (parsed.ok) hosts.push(parsed.value);
    else problems.push(parsed.problem);
  }
  if (problems.length > 0) throw new Error(`invalid allowed host: ${problems.join('; ')}`);
  return hosts;
}

/** The port a URL connects to: the one written, or its scheme's default. */
export function portOf(url: Pick<URL, 'port' | 'protocol'>): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/** Whether `host` (a URL's hostname: a name, an IPv4 or a bracketed IPv6) is on the allow list for `port`. */
export function isAllowedHost(host: string, port: number, allowedHosts: readonly AllowedHost[]): boolean {
  if (allowedHosts.length === 0 || host === '') return false;
  const wanted = normaliseHost(host);
  return allowedHosts.some((entry) => entry.host === wanted && entry.ports.includes(port));
}

/**
 * Whether the fetcher may connect to `address`, given whether its host and port are on the allow
 * list. Public addresses always; private, loopback and other special ranges only for an allowed
 * host; metadata, unspecified, broadcast and multicast addresses never.
 */
export function mayConnectTo(address: string, hostAllowed: boolean): boolean {
  const kind = classifyAddress(address);
  if (kind === 'public') return true;
  if (ALWAYS_BLOCKED.has(kind)) return false;
  return hostAllowed;
}

/** mayConnectTo for `address`, reached for `host` on `port`. */
export function mayConnect(address: string, host: string, port: number, allowedHosts: readonly AllowedHost[]): boolean {
  return mayConnectTo(address, isAllowedHost(host, port, allowedHosts));
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

/**
 * Whether a URL's host may be connected to as far as it can be known without DNS: an IP literal
 * must be public, or private on an allowed host and port; a name passes here and is checked in
 * the socket's own lookup. One rule for image fetches, redirects, connections and webhook URLs.
 */
export function literalHostMayConnect(url: Pick<URL, 'hostname' | 'port' | 'protocol'>, allowedHosts: readonly AllowedHost[]): boolean {
  const literal = hostAddress(url.hostname);
  return literal === null || mayConnectTo(literal, isAllowedHost(url.hostname, portOf(url), allowedHosts));
}

/** The IP address a URL's hostname spells, without brackets; null when it is a name. */
export function hostAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
