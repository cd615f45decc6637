/**
 * Lets the I/O that is ready run first (incoming requests, their database answers) before background
 * work goes on: `setImmediate` runs after the event loop's poll phase, so between two leads or two jobs
 * a request never waits for more than one of them.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
