import { afterEach, describe, expect, it, vi } from "vitest";
import { runUrgent, waitingForUrgent, yieldToUrgent } from "../src/lib/yield";

/** Lets every ready callback run (setImmediate is never faked here). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("bulk background work waits for urgent work", () => {
  // The clock stands still unless a test moves it: a wait on it never ends by itself.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes on at once when nothing urgent runs", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let goneOn = false;
    const bulk = yieldToUrgent(5_000).then(() => {
      goneOn = true;
    });
    await settle();
    expect(waitingForUrgent()).toBe(0);
    expect(goneOn).toBe(true);
    await bulk;
  });

  it("waits while urgent work runs and goes on when it ends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
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
    await settle();
    expect(waitingForUrgent()).toBe(1);
    expect(order).toEqual([]);
    finish();
    await Promise.all([urgent, bulk]);
    expect(order).toEqual(["urgent done", "bulk goes on"]);
    expect(waitingForUrgent()).toBe(0);
  });

  it("never waits longer than its bound, however long urgent work runs", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let finish!: () => void;
    const urgent = runUrgent(() => new Promise<void>((resolve) => (finish = resolve)));
    let goneOn = false;
    const bulk = yieldToUrgent(100).then(() => {
      goneOn = true;
    });
    await settle();
    expect(waitingForUrgent()).toBe(1);
    vi.advanceTimersByTime(99);
    await settle();
    expect(goneOn).toBe(false);
    vi.advanceTimersByTime(1);
    await settle();
    expect(goneOn).toBe(true);
    await bulk;
    expect(waitingForUrgent()).toBe(0);
    finish();
    await urgent;
  });
});
