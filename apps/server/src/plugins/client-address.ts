import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Which proxies in front of the server may report the client's address in X-Forwarded-For.
 * - `off`: nobody; the socket's address is the client (the default).
 * - `hops`: that many proxies sit in front of the server; the client is the entry that many hops from
 *   the right (X-Forwarded-For is appended to by each proxy, so only the right-most entries are
 *   trustworthy; the left-most is whatever the client wrote).
 * - `list`: the socket and every right-most entry that is one of these addresses or ranges is a proxy;
 *   the first entry from the right that is not is the client.
 */
export type TTrustProxy =
  | { mode: "off" }
  | { mode: "hops"; hops: number }
  | { mode: "list"; entries: string[]; list: BlockList };

const OFF = new Set(["", "false", "0", "no", "off"]);
const ON = new Set(["true", "yes", "on"]);

/** Parses TRUST_PROXY: false/0 (default), true (= 1 hop), a hop count, or a comma-separated list of addresses/CIDR ranges. */
export function parseTrustProxy(raw: string | undefined): TTrustProxy {
  const value = (raw ?? "").trim().toLowerCase();
  if (OFF.has(value)) return { mode: "off" };
  if (ON.has(value)) return { mode: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new Error("a hop count must be between 0 and 100");
    return hops === 0 ? { mode: "off" } : { mode: "hops", hops };
  }
  const list = new BlockList();
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (family === 0) {
      throw new Error(`"${entry}" is not an IP address or CIDR range (use true, a hop count, or a list)`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32)) {
      throw new Error(`"${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, bits, type);
  }
  return { mode: "list", entries, list };
}

/** "::ffff:10.0.0.1" → "10.0.0.1"; "[::1]:80"/"1.2.3.4:80" → the address; null when not an address. */
export function normalizeAddress(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? "";
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1] ?? value;
  return isIP(value) ? value.toLowerCase() : null;
}

function isTrusted(trust: Extract<TTrustProxy, { mode: "list" }>, address: string): boolean {
  return trust.list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address, read from the right of X-Forwarded-For, skipping trusted proxies.
 * `socketAddress` is the TCP peer (null for in-process calls, which are treated as coming from a
 * trusted proxy: only the application itself makes them). Entries that are not IP addresses stop the
 * walk (a proxy never writes them), so the last good address is used.
 */
export function resolveClientAddress(
  trust: TTrustProxy,
  socketAddress: string | null,
  forwardedFor: string | undefined,
): string | null {
  const socket = normalizeAddress(socketAddress);
  if (trust.mode === "off" || !forwardedFor) return socket;
  if (trust.mode === "list" && socket && !isTrusted(trust, socket)) return socket;
  const hops = forwardedFor
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  let client = socket;
  for (let i = hops.length - 1, seen = 0; i >= 0; i--, seen++) {
    const address = normalizeAddress(hops[i]);
    if (!address) return client;
    client = address;
    if (trust.mode === "hops") {
      // hops=1: the right-most entry (written by the one proxy in front of us) is the client.
      if (seen + 1 >= trust.hops) return client;
    } else if (!isTrusted(trust, address)) {
      return client;
    }
  }
  return client;
}

/** The TCP peer's address, never a header; null for in-process calls (tests) that have no socket. */
export function socketAddress(c: Context): string | null {
  try {
    return normalizeAddress(getConnInfo(c).remote.address);
  } catch {
    return null;
  }
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  return LOOPBACK.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}
