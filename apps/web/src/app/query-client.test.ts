// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { createQueryClient, shouldRetryQuery } from "./query-client";

const httpError = (status: number) => new ApiError({ status, code: "X", message: `HTTP ${status}` });

describe("shouldRetryQuery", () => {
  it("never retries a 4xx answer other than 408 and 429", () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetryQuery(0, httpError(status))).toBe(false);
  });

  it("retries 408, 429, 5xx, network errors and unknown errors at most twice", () => {
    for (const error of [
      httpError(408),
      httpError(429),
      httpError(500),
      httpError(503),
      httpError(0),
      new Error("x"),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(false);
    }
  });
});

describe("createQueryClient", () => {
  it("uses the spec's cache times and refetch triggers", () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults?.gcTime).toBe(10 * 60 * 1000);
    expect(defaults?.refetchOnWindowFocus).toBe(true);
    expect(defaults?.refetchOnReconnect).toBe(true);
  });

  it.each([
    [500, 3],
    [429, 3],
    [404, 1],
  ])("calls a query failing with %i %i time(s) in all", async (status, calls) => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(httpError(status));
    await expect(client.fetchQuery({ queryKey: ["t", status], queryFn, retryDelay: 0 })).rejects.toThrow();
    expect(queryFn).toHaveBeenCalledTimes(calls);
  });
});
