import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { LEAD_DELIVERY_MESSAGES } from "@leadpost/shared";
import type { TConfig } from "../../lib/config";

/**
 * Server-side request forgery defence (docs/lead-delivery.md "Addresses we refuse"): a buyer's URL may
 * never make the server call into its own network. Checked when an endpoint is saved (a clear message
 * naming the URL field) and again at every send, on the addresses the name resolves to then; the send
 * connects to the address that was checked, so a name that changes its answer in between (DNS
 * rebinding) cannot slip through.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 (embeds an IPv4 address)
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

/** True for loopback, private, link-local, unique-local, multicast and other non-public addresses. */
export function isBlockedAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ""));
  const family = isIP(plain);
  if (family === 0) return true;
  return BLOCKED.check(plain, family === 6 ? "ipv6" : "ipv4");
}

export type TResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (injectable so tests can play a rebinding name server). */
export type TResolveHost = (hostname: string) => Promise<TResolvedAddress[]>;

export const resolveHost: TResolveHost = async (hostname) => {
  const rows = await lookup(hostname, { all: true, verbatim: true });
  return rows.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

type TGuardConfig = Pick<TConfig, "isProduction" | "publicUrl" | "leadDelivery">;

/** The development receiver of this very server (never in production): the demo endpoint's target. */
export const DEV_RECEIVER_PATH = "/dev/lead-receiver";
function isOwnDevReceiver(config: TGuardConfig, url: URL): boolean {
  if (config.isProduction) return false;
  const own = new URL(config.publicUrl);
  return url.origin === own.origin && url.pathname === DEV_RECEIVER_PATH;
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

/** The URL's form: a web address, https in production, no credentials. Returns the message if not. */
export function urlProblem(config: TGuardConfig, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return LEAD_DELIVERY_MESSAGES.URL_INVALID;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return LEAD_DELIVERY_MESSAGES.URL_INVALID;
  if (url.protocol === "http:" && config.isProduction) return LEAD_DELIVERY_MESSAGES.URL_HTTPS;
  if (url.username || url.password) return LEAD_DELIVERY_MESSAGES.URL_CREDENTIALS;
  if (!url.hostname) return LEAD_DELIVERY_MESSAGES.URL_INVALID;
  return null;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * The address to connect to for `raw`, checked: the URL's literal address, or the first address its
 * name resolves to now, when no resolved address is a refused one. Hosts in LEAD_DELIVERY_ALLOWED_HOSTS
 * (development and tests only) and this server's own development receiver pass unchecked.
 * Throws RefusedAddressError with the buyer-facing reason.
 */
export async function checkedAddress(
  config: TGuardConfig,
  raw: string,
  resolve: TResolveHost = resolveHost,
): Promise<TResolvedAddress> {
  const problem = urlProblem(config, raw);
  if (problem) throw new RefusedAddressError(problem);
  const url = new URL(raw);
  const host = hostOf(url);
  const allowed = config.leadDelivery.allowedHosts;
  const exempt = allowed.includes(host) || isOwnDevReceiver(config, url);
  const literal = isIP(host);
  const addresses: TResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await resolve(host).catch(() => {
        throw new RefusedAddressError(`The host name ${host} could not be found`);
      });
  if (addresses.length === 0) throw new RefusedAddressError(`The host name ${host} could not be found`);
  if (!exempt) {
    const refused = addresses.find((a) => isBlockedAddress(a.address) && !allowed.includes(a.address));
    if (refused) throw new RefusedAddressError(LEAD_DELIVERY_MESSAGES.URL_BLOCKED(refused.address));
  }
  return addresses[0]!;
}

/**
 * The save-time check: the URL's form and, when its name resolves now, its addresses. A name that does
 * not resolve yet is accepted (the buyer may be setting it up); every send checks again.
 */
export async function saveTimeUrlProblem(
  config: TGuardConfig,
  raw: string,
  resolve: TResolveHost = resolveHost,
): Promise<string | null> {
  try {
    await checkedAddress(config, raw, resolve);
    return null;
  } catch (err) {
    if (!(err instanceof RefusedAddressError)) throw err;
    return err.message.startsWith("The host name") ? null : err.message;
  }
}
