import { isIPv6 } from 'node:net';

/** Eight 16-bit groups of an IPv6 address in any written form (`::`, an IPv4 tail, a zone). */
function ipv6Groups(address: string): number[] {
  const [withoutZone = ''] = address.split('%');
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  const hex = ipv4Tail
    ? withoutZone.slice(0, ipv4Tail.index) +
      [(Number(ipv4Tail[1]) << 8) | Number(ipv4Tail[2]), (Number(ipv4Tail[3]) << 8) | Number(ipv4Tail[4])]
        .map((group) => group.toString(16))
        .join(':')
    : withoutZone;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const headGroups = parse(head);
  const tailGroups = tail === undefined ? [] : parse(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

/**
 * What per-address limits count: an IPv4 address as it is (also when written as ::ffff:a.b.c.d); for IPv6 its /56
 * network, as express-rate-limit does by default: providers give each subscriber a whole /56 or /64, inside which
 * one client can change its address at will.
 */
export function clientAddressKey(ip: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mappedIpv4?.[1]) return mappedIpv4[1];
  if (!isIPv6(ip)) return ip;
  const [first = 0, second = 0, third = 0, fourth = 0] = ipv6Groups(ip);
  return `${[first, second, third, fourth & 0xff00].map((group) => group.toString(16)).join(':')}::/56`;
}
