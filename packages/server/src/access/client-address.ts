/**
 * Who a request comes from, for limits per client: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber usually holds a whole /64, so limiting single IPv6 addresses would
 * limit nothing). IPv4 addresses written as IPv6 (::ffff:a.b.c.d) count as IPv4.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The 16-bit groups of colon-separated parts, a dotted IPv4 part at the end being two groups. */
function groups(parts: readonly string[]): number[] {
  const last = parts[parts.length - 1];
  if (last === undefined || !isIPv4(last)) return parts.map((part) => Number.parseInt(part, 16));
  const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
  return [...parts.slice(0, -1).map((part) => Number.parseInt(part, 16)), a * 256 + b, c * 256 + d];
}

/** The eight groups of an IPv6 address (its zone dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0] as string;
  if (!isIPv6(bare)) return null;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const split = (text: string) => (text === '' ? [] : text.split(':'));
  const left = groups(split(head));
  if (tail === undefined) return left;
  const right = groups(split(tail));
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The client a limit counts this address against: `a.b.c.d`, or `x:x:x:x::/64`. */
export function clientOf(address: string): string {
  const g = ipv6Groups(address);
  if (g === null) return address;
  if (g.slice(0, 5).every((group) => group === 0) && g[5] === 0xffff) {
    const [high, low] = [g[6] as number, g[7] as number];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${g
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
