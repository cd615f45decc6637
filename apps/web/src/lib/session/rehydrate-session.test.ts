// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { makeCompanyUser } from "@/test/fixtures";
import { isKeptOnBootstrapRetry } from "./bootstrap-retry";
import { REHYDRATE_RETRY_DELAY_MS, REHYDRATE_TIMEOUT_MS, rehydrateSession } from "./rehydrate-session";

describe("rehydrateSession", () => {
  it("asks with a 10 s timeout and retries once after 2 s on a 5xx, a timeout or a network error", async () => {
    for (const failure of [
      new ApiError({ status: 503, code: "UNAVAILABLE", message: "down" }),
      new ApiError({ status: 0, code: "TIMEOUT", message: "slow" }),
      new ApiError({ status: 0, code: "NETWORK_ERROR", message: "offline" }),
    ]) {
      const user = makeCompanyUser();
      const fetchSession = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(user);
      const delay = vi.fn(() => Promise.resolve());
      await expect(rehydrateSession(fetchSession, delay)).resolves.toBe(user);
      expect(fetchSession).toHaveBeenNthCalledWith(1, REHYDRATE_TIMEOUT_MS);
      expect(fetchSession).toHaveBeenCalledTimes(2);
      expect(delay).toHaveBeenCalledWith(REHYDRATE_RETRY_DELAY_MS);
    }
  });

  it("does not retry other failures", async () => {
    const fetchSession = vi
      .fn()
      .mockRejectedValue(new ApiError({ status: 403, code: "FORBIDDEN", message: "no" }));
    await expect(rehydrateSession(fetchSession, () => Promise.resolve())).rejects.toMatchObject({
      status: 403,
    });
    expect(fetchSession).toHaveBeenCalledTimes(1);
  });
});

describe("isKeptOnBootstrapRetry", () => {
  it("keeps keys mentioning auth or session", () => {
    expect(isKeptOnBootstrapRetry(["session", "whoami"])).toBe(true);
    expect(isKeptOnBootstrapRetry(["auth-events", 1])).toBe(true);
    expect(isKeptOnBootstrapRetry(["leads", { page: 1 }])).toBe(false);
  });
});
