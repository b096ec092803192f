import { lookup as dnsLookup } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookTargetMessages } from '@fiscus/contracts';

/**
 * The one range list of webhook targets on an instance that refuses private ones
 * (`WEBHOOK_ALLOW_PRIVATE=false`), used at save and at every connection. ipaddr.js knows every
 * special range (loopback, RFC 1918, link-local with cloud metadata at 169.254.169.254,
 * carrier-grade NAT, multicast, broadcast, reserved and documentation ranges, unique-local,
 * NAT64, discard, …): anything it does not call `unicast` is refused, or any tenant could make
 * the server call the instance's own internal services (SSRF).
 *
 * IPv6 spellings that carry an IPv4 address are judged so that none leads back inside:
 * IPv4-mapped (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 peer) is judged as
 * its IPv4 address; the deprecated IPv4-compatible form (`::a.b.c.d`, which ipaddr.js calls
 * unicast) is refused; 6to4, Teredo, NAT64 and SIIT are not `unicast` and so refused whole.
 *
 * Returns the refused range's name, or undefined for a public unicast address or a non-IP.
 */
export function refusedRange(address: string): string | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const withoutZone = bare.split('%', 1)[0] ?? '';
  const family = isIP(withoutZone);
  if (family === 0) return undefined;
  if (family === 4) {
    const range = ipaddr.IPv4.parse(withoutZone).range();
    return range === 'unicast' ? undefined : range;
  }
  // ipaddr.js reads `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`); the URL parser's canonical
  // hex spelling keeps the IPv4-compatible form apart.
  const ipv6 = ipaddr.IPv6.parse(new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1));
  if (ipv6.isIPv4MappedAddress()) return refusedRange(ipv6.toIPv4Address().toString());
  const range = ipv6.range();
  if (range !== 'unicast') return range;
  if (ipv6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return undefined;
}

/** True for an IP literal in a refused range (see {@link refusedRange}). */
export function isPrivateAddress(address: string): boolean {
  return refusedRange(address) !== undefined;
}

/** Resolves a host name to every address it has (the same resolver the connection uses). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** A name that does not resolve within this time is judged again when it is delivered to. */
const SAVE_LOOKUP_TIMEOUT_MS = 3000;

const systemResolve: ResolveHost = async (hostname) =>
  (await dnsLookupAsync(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why a webhook URL is refused before any request, or undefined when it may be saved. With
 * private targets refused: IP literals are judged by {@link refusedRange}; `localhost` names and
 * single-label names (resolved through the hosts file and search domains, so always internal)
 * are refused by spelling; other names are resolved and refused when any address is in a refused
 * range. A name that does not resolve now is accepted: every delivery checks the address it
 * connects to again ({@link guardedLookup}, {@link literalTargetProblem}), which also defeats DNS
 * rebinding.
 */
export async function targetUrlProblem(
  value: string,
  allowPrivate: boolean,
  resolveHost: ResolveHost = systemResolve,
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return webhookTargetMessages.invalidUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return webhookTargetMessages.invalidUrl;
  if (url.username || url.password) return webhookTargetMessages.credentialsInUrl;
  if (allowPrivate) return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    return refusedRange(host) ? webhookTargetMessages.privateTarget : undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return webhookTargetMessages.privateTarget;
  }
  let addresses: string[];
  try {
    addresses = await withTimeout(resolveHost(host), SAVE_LOOKUP_TIMEOUT_MS);
  } catch {
    return undefined;
  }
  return addresses.some(isPrivateAddress) ? webhookTargetMessages.privateTarget : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class PrivateTargetError extends Error {}

/**
 * The refusal of a URL whose host is an IP literal in a refused range, judged before connecting:
 * the connection never calls the lookup below for a literal, so a target saved before the rule
 * (or while the instance allowed private targets) is stopped here.
 */
export function literalTargetProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const range = refusedRange(url.hostname);
  return range ? `${url.hostname} is a ${range} address, not allowed` : undefined;
}

/**
 * DNS lookup for outgoing webhook connections that fails on refused addresses. It runs when the
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
          new PrivateTargetError(
            `${hostname} resolves to a private address (${refused.address}, ${refusedRange(refused.address)})`,
          ),
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
