import { describe, expect, it } from "vitest";
import { runUrgent, yieldToUrgent } from "../src/lib/yield";

describe("bulk background work waits for urgent work", () => {
  it("goes on at once when nothing urgent runs", async () => {
    const started = performance.now();
    await yieldToUrgent(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits while urgent work runs and goes on when it ends", async () => {
    const order: string[] = [];
    let finish!: () => void;
    const urgent = runUrgent(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push("urgent done");
            resolve();
          };
        }),
    );
    const bulk = yieldToUrgent(5_000).then(() => order.push("bulk goes on"));
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    finish();
    await Promise.all([urgent, bulk]);
    expect(order).toEqual(["urgent done", "bulk goes on"]);
  });

  it("never waits longer than its bound, however long urgent work runs", async () => {
    let finish!: () => void;
    const urgent = runUrgent(() => new Promise<void>((resolve) => (finish = resolve)));
    const started = performance.now();
    await yieldToUrgent(100);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(2_000);
    finish();
    await urgent;
  });
});
