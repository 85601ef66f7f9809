// Whose requests count together for the rate limits: shared by the limits plugin and the
// hot path's tracking listener, which counts in the same windows.
import ipaddr from 'ipaddr.js';

/**
 * Whose requests count together: an IPv4 address, or the /64 network of an IPv6 one (a
 * single host is given a whole /64). An IPv4 address written as IPv6 is the IPv4 address.
 */
export function clientKey(ip: string): string {
  // IPv4 (every request on an IPv4 listener) is its own key without parsing.
  if (!ip.includes(':')) return ip;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    // Not an address (a proxy's odd header): its text is its key.
    return ip.toLowerCase();
  }
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
