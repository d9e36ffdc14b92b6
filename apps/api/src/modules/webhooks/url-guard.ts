import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows it (WEBHOOK_ALLOW_PRIVATE): loopback,
 * private networks, link-local (with the cloud metadata address 169.254.169.254), carrier-grade NAT,
 * "this network", multicast and reserved ranges, and their IPv6 forms (IPv4-mapped addresses too).
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a webhook may not reach. */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlProblem = 'invalid_url' | 'address_not_allowed';

/**
 * Where a webhook URL may be sent: http(s) only, and (unless `allowPrivate`) every address its host
 * resolves to public. Answers the addresses to connect to (the check and the connection use the same
 * ones, so a name that resolves elsewhere a moment later changes nothing), or the problem.
 */
export async function resolveWebhookUrl(raw: string, allowPrivate: boolean): Promise<{ url: URL; addresses: Array<{ address: string; family: number }> } | { problem: UrlProblem; detail: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid_url', detail: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'invalid_url', detail: `${url.protocol} is not http or https` };
  if (url.username || url.password) return { problem: 'invalid_url', detail: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { problem: 'invalid_url', detail: `${host} does not resolve` };
  }
  if (!addresses.length) return { problem: 'invalid_url', detail: `${host} does not resolve` };
  const blocked = addresses.find((a) => isBlockedAddress(a.address));
  if (blocked && !allowPrivate) return { problem: 'address_not_allowed', detail: `${host} resolves to ${blocked.address}, a private or local address` };
  return { url, addresses };
}
