import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows it (WEBHOOK_ALLOW_PRIVATE): loopback,
 * private networks, link-local (with the cloud metadata address 169.254.169.254), carrier-grade NAT,
 * "this network", multicast and reserved ranges, and their IPv6 forms (IPv4-mapped addresses too).
 * IPv6 forms that carry an IPv4 address are judged by it where they are a real way to a public host
 * (6to4 `2002::/16`, the NAT64 prefix `64:ff9b::/96` of IPv6-only networks), and refused whatever they
 * carry where they are deprecated, local-only or hide the address: IPv4-compatible `::/96`,
 * IPv4-translated `::ffff:0:0/96`, local-use NAT64 `64:ff9b:1::/48`, Teredo `2001::/32`.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is the last two). */
function groupsOf(address: string): number[] {
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) =>
      `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const [head, rest] = hex.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = parse(head);
  const after = parse(rest);
  return rest === undefined
    ? before
    : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address an IPv6 address carries where it decides where it goes: IPv4-mapped, NAT64 (64:ff9b::/96), 6to4. */
function carriedIPv4(g: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Whether an IP address is one a webhook may not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const carried = carriedIPv4(groupsOf(address.replace(/%.*$/, '')));
  if (carried !== null) return BLOCKED.check(carried, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

export type UrlProblem = 'invalid_url' | 'address_not_allowed';

/**
 * Where a webhook URL may be sent: http(s) only, and (unless `allowPrivate`) every address its host
 * resolves to public. Answers the addresses to connect to (the check and the connection use the same
 * ones, so a name that resolves elsewhere a moment later changes nothing), or the problem.
 */
export async function resolveWebhookUrl(
  raw: string,
  allowPrivate: boolean,
): Promise<
  { url: URL; addresses: Array<{ address: string; family: number }> } | { problem: UrlProblem; detail: string }
> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid_url', detail: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: 'invalid_url', detail: `${url.protocol} is not http or https` };
  if (url.username || url.password) return { problem: 'invalid_url', detail: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { problem: 'invalid_url', detail: `${host} does not resolve` };
  }
  if (!addresses.length) return { problem: 'invalid_url', detail: `${host} does not resolve` };
  const blocked = addresses.find((a) => isBlockedAddress(a.address));
  if (blocked && !allowPrivate)
    return {
      problem: 'address_not_allowed',
      detail: `${host} resolves to ${blocked.address}, a private or local address`,
    };
  return { url, addresses };
}
