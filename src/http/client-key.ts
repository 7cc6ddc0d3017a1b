import ipaddr from 'ipaddr.js';

/**
 * What a per-client limit counts by: an IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6
 * address by its /64, the block one subscriber holds, so rotating addresses inside it gains nothing.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
