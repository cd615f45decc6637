// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "./api-error";
import { checksOnSubmit } from "./on-first-use";

describe("checksOnSubmit", () => {
  it("imports the rules on the first submit only", async () => {
    const importer = vi.fn(async () => ({ rules: "loaded" }));
    const load = checksOnSubmit(importer);
    expect(importer).not.toHaveBeenCalled();
    await expect(load()).resolves.toEqual({ rules: "loaded" });
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("answers a failed download with the network error, and tries again on the next submit", async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce({ rules: "loaded" });
    const load = checksOnSubmit(importer);
    await expect(load()).rejects.toMatchObject({ isNetworkError: true, message: NETWORK_ERROR_MESSAGE });
    await expect(load()).resolves.toEqual({ rules: "loaded" });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
