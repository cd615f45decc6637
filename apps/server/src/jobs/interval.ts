import type { TLogger } from "../lib/logger";

/**
 * Runs fn every `everyMs` in this process. The work itself must be safe to run on several instances
 * at once (claim rows with FOR UPDATE SKIP LOCKED), so no leader election is needed.
 */
export function startIntervalJob(name: string, everyMs: number, fn: () => Promise<unknown>, logger: TLogger) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await fn();
    } catch (err) {
      logger.error({ err, job: name }, "job failed");
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
