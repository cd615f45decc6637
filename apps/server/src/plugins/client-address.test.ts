import { describe, expect, it } from "vitest";
import { isLoopbackAddress, parseTrustProxy, resolveClientAddress } from "./client-address";

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientAddress(parseTrustProxy(undefined), "198.51.100.1", "1.2.3.4")).toBe("198.51.100.1");
    expect(resolveClientAddress(parseTrustProxy("false"), "198.51.100.1", "1.2.3.4")).toBe("198.51.100.1");
  });

  it("takes the entry the given number of hops from the right, never the client's own left-most one", () => {
    const one = parseTrustProxy("1");
    expect(resolveClientAddress(one, "10.0.0.2", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(resolveClientAddress(parseTrustProxy("true"), "10.0.0.2", "6.6.6.6, 203.0.113.7")).toBe(
      "203.0.113.7",
    );
    const two = parseTrustProxy("2");
    expect(resolveClientAddress(two, "10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.9")).toBe("203.0.113.7");
    expect(resolveClientAddress(one, "10.0.0.2", undefined)).toBe("10.0.0.2");
  });

  it("skips listed proxies and ranges from the right; an untrusted socket is the client", () => {
    const list = parseTrustProxy("10.0.0.0/8, 192.0.2.5, fd00::/8");
    expect(resolveClientAddress(list, "10.1.2.3", "6.6.6.6, 203.0.113.7, 192.0.2.5")).toBe("203.0.113.7");
    expect(resolveClientAddress(list, "::ffff:10.1.2.3", "203.0.113.7")).toBe("203.0.113.7");
    expect(resolveClientAddress(list, "fd00::1", "2001:db8::5")).toBe("2001:db8::5");
    // Not from a proxy: the header is the caller's own invention.
    expect(resolveClientAddress(list, "198.51.100.1", "6.6.6.6")).toBe("198.51.100.1");
    // Garbage stops the walk at the last real address.
    expect(resolveClientAddress(list, "10.1.2.3", "evil, 10.0.0.7")).toBe("10.0.0.7");
  });

  it("refuses settings that are neither a count nor addresses", () => {
    expect(() => parseTrustProxy("proxy.example.com")).toThrow(/not an IP address/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/prefix/);
  });

  it("knows loopback addresses", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("10.0.0.1")).toBe(false);
    expect(isLoopbackAddress(null)).toBe(false);
  });
});
