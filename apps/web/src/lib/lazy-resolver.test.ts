// @vitest-environment node
import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "./lazy-resolver";

type TValues = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const passing: Resolver<TValues> = async (values) => ({ values, errors: {} });

describe("lazyResolver", () => {
  it("loads the resolver on the first check only, and answers with it", async () => {
    const load = vi.fn(async () => passing);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ email: "a@b.co" }, undefined, options)).resolves.toEqual({
      values: { email: "a@b.co" },
      errors: {},
    });
    await resolver({ email: "c@d.co" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries the load again on the next check after a failed one", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(passing);
    const resolver = lazyResolver<TValues, unknown, TValues>(load);
    await expect(resolver({ email: "a@b.co" }, undefined, options)).rejects.toThrow("offline");
    await expect(resolver({ email: "a@b.co" }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
