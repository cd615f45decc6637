/**
 * Lets the I/O that is ready run first (incoming requests, their database answers) before background
 * work goes on: `setImmediate` runs after the event loop's poll phase.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * For a loop of background work (leads, jobs): yields to requests once the work has held the event loop
 * for `sliceMs` since its last yield, and costs nothing otherwise. Yielding after every small item made
 * each wait a whole turn of a busy event loop, so routing fell behind and competed longer.
 */
export function createYielder(sliceMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToRequests();
    since = performance.now();
  };
}
