import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { env } from "#app/lib/env.server.ts";
import { WEBHOOK_MESSAGES } from "./events.ts";

/**
 * The SSRF guard: a webhook goes to an https URL whose host resolves only to public addresses, so nobody can point the
 * server at its own network (loopback, private ranges, link-local cloud metadata, CGNAT, multicast…). It is checked
 * when an endpoint is saved and again before each delivery, and the delivery connects to the address checked here
 * (`pinnedLookup`), so a name that resolves elsewhere a moment later (DNS rebinding) cannot switch it. Hosts in
 * WEBHOOK_ALLOW_HOSTS (development and tests) pass as they are, http included.
 */

// Two lists: one BlockList would also match an IPv4 address against the IPv6 rule ::ffff:0:0/96.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blockedV4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // Unspecified, loopback and the IPv4-compatible forms; IPv4-mapped (::ffff:a.b.c.d) and NAT64, which embed an IPv4
  // address (a public site is never given that way); documentation, 6to4 and Teredo; unique local, link-local,
  // site-local and multicast.
  ["::", 96], ["::ffff:0:0", 96], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 32], ["2001:db8::", 32],
  ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blockedV6.addSubnet(network, prefix, "ipv6");

/** Whether an IP address (v4 or v6) is on the public internet. */
export function isPublicAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blockedV4.check(address, "ipv4") : !blockedV6.check(address, "ipv6");
}

export class AddressRefused extends Error {}

/** Where a delivery connects: the URL, and the address its host was resolved to and checked. */
export type CheckedTarget = { url: URL; address: string; family: 4 | 6 };

/**
 * Checks an endpoint's URL and resolves its host; throws AddressRefused with the reason a person reads. Every address
 * the name resolves to must be public (one private answer among public ones is refused too).
 */
export async function checkEndpointUrl(text: string, allowHosts: readonly string[] = env().WEBHOOK_ALLOW_HOSTS): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AddressRefused(WEBHOOK_MESSAGES.url);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new AddressRefused(WEBHOOK_MESSAGES.url);
  if (url.username || url.password) throw new AddressRefused(WEBHOOK_MESSAGES.credentials);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowed = allowHosts.includes(host);
  if (url.protocol !== "https:" && !allowed) throw new AddressRefused(WEBHOOK_MESSAGES.https);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused(WEBHOOK_MESSAGES.unresolved);
    }
  }
  if (!addresses.length) throw new AddressRefused(WEBHOOK_MESSAGES.unresolved);
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) throw new AddressRefused(WEBHOOK_MESSAGES.notPublic);
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;

/** A `lookup` for node:http(s) that answers the checked address whatever the name resolves to now. */
export function pinnedLookup(target: CheckedTarget) {
  return (_hostname: string, options: { all?: boolean } | undefined, callback: LookupCallback) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
