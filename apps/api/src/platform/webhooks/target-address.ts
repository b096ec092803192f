import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach on a shared instance: loopback, RFC 1918, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and their IPv6 analogues.
 * Otherwise any tenant could make the server call its own internal services (SSRF).
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP literal in a loopback, private, link-local or reserved range. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return privateRanges.check(bare, 'ipv4');
  if (family !== 6) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) reaches the IPv4 address: judge that address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return privateRanges.check(mapped[1], 'ipv4');
  if (/^::ffff:/i.test(bare)) return true;
  return privateRanges.check(bare, 'ipv6');
}

/**
 * Why a webhook URL is refused before any request, or undefined when it may be saved. Names are
 * only judged by their spelling here (`localhost`, IP literals); what a name resolves to is
 * checked again at each delivery by {@link guardedLookup}.
 */
export function targetUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This value is not a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'This value is not a valid URL.';
  }
  if (url.username || url.password) return 'Credentials in the URL are not allowed.';
  if (allowPrivate) return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) {
    return 'Webhook targets on loopback or private addresses are not allowed.';
  }
  return undefined;
}

export class PrivateTargetError extends Error {}

/**
 * DNS lookup for outgoing webhook connections that fails on private addresses. It runs when the
 * socket connects, so a name cannot pass a check and then resolve elsewhere (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) {
        callback(
          new PrivateTargetError(`${hostname} resolves to a private address (${refused.address})`),
          '',
          0,
        );
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: typeof list) => void)(null, list);
        return;
      }
      const first = list[0];
      if (!first) callback(new Error(`${hostname} has no address`), '', 0);
      else callback(null, first.address, first.family);
    });
  };
}
