// @vitest-environment node
import type { Resolver } from "react-hook-form";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "./api-error";
import { lazyResolver } from "./lazy-resolver";

const toastError = vi.fn();
vi.mock("./toast", () => ({ toast: { error: (...a: unknown[]) => toastError(...a) } }));

type TValues = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const passing: Resolver<TValues> = async (values) => ({ values, errors: {} });

beforeEach(() => toastError.mockReset());

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

  it("keeps the form from submitting and says so when the rules cannot be downloaded, then tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(passing);
    const resolver = lazyResolver<TValues, unknown, TValues>(load);
    const failed = await resolver({ email: "a@b.co" }, undefined, options);
    expect(failed.values).toEqual({});
    expect(failed.errors.root).toEqual({
      network: { type: "NETWORK_ERROR", message: NETWORK_ERROR_MESSAGE },
    });
    expect(toastError).toHaveBeenCalledWith(
      NETWORK_ERROR_MESSAGE,
      expect.objectContaining({ id: expect.any(String) }),
    );
    await expect(resolver({ email: "a@b.co" }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
