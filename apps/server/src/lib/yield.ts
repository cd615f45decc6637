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

/**
 * Work that must not wait behind bulk background work: the routing worker's batches. While any runs,
 * bulk work (new-lead notices: a metro lead owes a thousand e-mails) waits at its yields, at most
 * `maxWaitMs` each time so it always moves on, and routing keeps the cores it needs to decide every lead.
 */
let urgentRunning = 0;
const urgentDone = new Set<() => void>();

export async function runUrgent<T>(fn: () => Promise<T>): Promise<T> {
  urgentRunning += 1;
  try {
    return await fn();
  } finally {
    urgentRunning -= 1;
    if (urgentRunning === 0) for (const wake of [...urgentDone]) wake();
  }
}

/** Bulk work waiting for urgent work to end right now (tests wait on it instead of the clock). */
export function waitingForUrgent(): number {
  return urgentDone.size;
}

/** For bulk background work: yields to requests, then waits while urgent work runs (bounded). */
export async function yieldToUrgent(maxWaitMs = 1_000): Promise<void> {
  await yieldToRequests();
  if (urgentRunning === 0) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      urgentDone.delete(done);
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    urgentDone.add(done);
  });
}
