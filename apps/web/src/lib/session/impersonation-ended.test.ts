import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLASH_TOAST_KEY } from "@/lib/flash-toast-key";

// #30: when an impersonation's hour ends, the admin is brought back to their own session with a word,
// instead of landing on /login with none.
const assign = vi.fn();
let calls: { path: string; method: string }[] = [];

function serve(restored: boolean | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, method: init?.method ?? "GET" });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (path === "/api/whoami") {
        return json(401, {
          error: { code: "IMPERSONATION_ENDED", message: "The impersonation ended after its hour." },
        });
      }
      if (path === "/api/impersonation/end") {
        return restored === null
          ? json(400, { error: { code: "BAD_REQUEST", message: "No" } })
          : json(200, { restored });
      }
      return json(404, {});
    }),
  );
}

beforeEach(() => {
  vi.resetModules();
  calls = [];
  assign.mockReset();
  window.sessionStorage.clear();
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

const flashed = () =>
  JSON.parse(window.sessionStorage.getItem(FLASH_TOAST_KEY) ?? "[]") as { message: string }[];

describe("an impersonation ended by its hour", () => {
  it("brings the admin back to Developer Settings as themselves, saying why", async () => {
    serve(true);
    const { fetchWhoami } = await import("./whoami");
    const pending = fetchWhoami();
    let settled = false;
    const markSettled = () => {
      settled = true;
    };
    void pending.then(markSettled, markSettled);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard/developer"));
    expect(calls).toContainEqual({ path: "/api/impersonation/end", method: "POST" });
    expect(flashed()).toEqual([
      expect.objectContaining({
        message: "The impersonation ended after one hour. You are back in your own account.",
      }),
    ]);
    // The page is leaving: the app never treats the admin as signed out meanwhile. Leaving was its last
    // step, and a task later every promise step queued after it has run: the answer never came.
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
  });

  it("sends to /login with a word when the admin's own session has expired too", async () => {
    serve(false);
    const { returnFromEndedImpersonation } = await import("./impersonation-ended");
    void returnFromEndedImpersonation();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/login"));
    expect(flashed()[0]?.message).toBe("The impersonation ended after one hour. Please sign in again.");
  });
});
