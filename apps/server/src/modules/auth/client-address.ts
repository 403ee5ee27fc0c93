import { isIPv6 } from 'node:net';

/** An IPv6 subscriber is handed a whole /64, so its addresses are counted together, as one IPv4 address is. */
const IPV6_SUBSCRIBER_PREFIX_GROUPS = 4;
const IPV6_GROUPS = 8;

/**
 * What per-address limits count by: the IPv4 address (also when written IPv4-mapped, `::ffff:a.b.c.d`), or the
 * /64 prefix of an IPv6 address, since anyone with one IPv6 address can use billions of its neighbours.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!; // a link-local zone names an interface, not a client
  if (!isIPv6(address)) return ip;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(IPV6_GROUPS - headGroups.length - tailGroups.length).fill('0');
  const prefix = [...headGroups, ...zeros, ...tailGroups].slice(0, IPV6_SUBSCRIBER_PREFIX_GROUPS);
  return `${prefix.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
