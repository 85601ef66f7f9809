// Which addresses a server may be made to call (decision 0065): public unicast only, unless a
// network the operator listed (CIDRs) allows it. ipaddr.js names the ranges (loopback, private,
// link-local, unique-local, carrier-grade NAT, multicast, unspecified, NAT64, 6to4, Teredo...);
// an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
import ipaddr from 'ipaddr.js';

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Comma-separated CIDRs (`127.0.0.0/8,::1/128`); throws naming the first one that is not. */
export function parseNetworks(text: string): Network[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return ipaddr.parseCIDR(part);
      } catch {
        throw new Error(`not a CIDR network: ${part}`);
      }
    });
}

/** Whether `address` (an IP literal) may be called: public unicast, or in an allowed network. */
export function isCallableAddress(address: string, allowed: readonly Network[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  if (allowed.some(([net, bits]) => net.kind() === parsed.kind() && parsed.match(net, bits))) return true;
  // IPv4-compatible IPv6 (::/96, deprecated) is 'unicast' to ipaddr.js but carries an IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return parsed.range() === 'unicast';
}

/** An IP literal as a URL's host holds it (`[::1]` without its brackets), or null for a name. */
export function ipLiteral(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? bare : null;
}
