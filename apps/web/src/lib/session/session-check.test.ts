// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, setUnauthorizedHandler } from "@/lib/api-client";
import { sessionStillValid } from "./session-check";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("sessionStillValid", () => {
  it("is true only when the auth service still has a session", async () => {
    expect(await sessionStillValid(vi.fn().mockResolvedValue(json(200, { session: { id: "s" } })))).toBe(
      true,
    );
    expect(await sessionStillValid(vi.fn().mockResolvedValue(json(200, null)))).toBe(false);
    expect(await sessionStillValid(vi.fn().mockResolvedValue(json(500, {})))).toBe(false);
    expect(await sessionStillValid(vi.fn().mockRejectedValue(new TypeError("offline")))).toBe(false);
  });
});

describe("a 401 from a protected call", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it("is retried once when the session is still alive", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { error: { code: "UNAUTHENTICATED", message: "no" } }))
      .mockResolvedValueOnce(json(200, { session: { id: "s" } }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(apiRequest("/api/leads")).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      "/api/leads",
      "/api/auth/get-session",
      "/api/leads",
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("signs out when the session is gone, and never loops", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === "/api/auth/get-session"
        ? json(200, { session: { id: "s" } })
        : json(401, { error: { code: "UNAUTHENTICATED", message: "no" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(apiRequest("/api/leads")).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
