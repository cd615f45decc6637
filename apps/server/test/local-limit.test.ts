import { describe, expect, it } from "vitest";
import { LocalFirstLimits } from "../src/modules/lead-distribution/intake/local-limit";

const MINUTE = 60_000;

/** Runs `hits` hits of one key spread over `instances` instances in turn, with one shared counter. */
function allowedAcross(instances: number, max: number, hits: number): number {
  const limits = Array.from({ length: instances }, () => new LocalFirstLimits(MINUTE));
  let shared = 0;
  let allowed = 0;
  for (let i = 0; i < hits; i++) {
    const verdict = limits[i % instances]!.hit("form-submit:ip:203.0.113.9", max, 1_000);
    if (verdict.kind === "local") allowed += 1;
    if (verdict.kind === "shared") {
      shared += 1;
      if (shared <= verdict.max) allowed += 1;
    }
  }
  return allowed;
}

describe("submission limits counted in the process first", () => {
  it("lets half the limit through on its own count, asks the shared counter for the rest, refuses past it", () => {
    const limits = new LocalFirstLimits(MINUTE);
    const kinds = Array.from({ length: 6 }, () => limits.hit("k", 4, 1_000).kind);
    expect(kinds).toEqual(["local", "local", "shared", "shared", "refused", "refused"]);
    expect(limits.hit("k", 4, 1_000 + 30_000)).toEqual({ kind: "refused", retryAfterSeconds: 30 });
    // A new window starts once the first one has ended.
    expect(limits.hit("k", 4, 1_000 + MINUTE).kind).toBe("local");
  });

  it("a limit of one is counted by the shared counter alone", () => {
    const limits = new LocalFirstLimits(MINUTE);
    expect(limits.hit("k", 1, 0)).toEqual({ kind: "shared", max: 1 });
  });

  it("allows exactly the limit on one instance and at most (N + 1)/2 times it on N", () => {
    expect(allowedAcross(1, 20, 100)).toBe(20);
    expect(allowedAcross(2, 20, 100)).toBe(30);
    expect(allowedAcross(4, 20, 100)).toBe(50);
    expect(allowedAcross(2, 7, 100)).toBeLessThanOrEqual(Math.floor(1.5 * 7));
  });

  it("takes a replay's hit back", () => {
    const limits = new LocalFirstLimits(MINUTE);
    limits.hit("k", 2, 0);
    limits.undo("k");
    expect(limits.hit("k", 2, 0).kind).toBe("local");
  });

  it("sends keys that do not fit in memory to the shared counter, against the whole limit", () => {
    const limits = new LocalFirstLimits(MINUTE, 2);
    limits.hit("a", 10, 0);
    limits.hit("b", 10, 0);
    expect(limits.hit("c", 10, 0)).toEqual({ kind: "shared", max: 10 });
    // Expired windows make room again.
    expect(limits.hit("c", 10, MINUTE).kind).toBe("local");
  });
});
