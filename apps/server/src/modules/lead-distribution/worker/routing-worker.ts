import { listenerFor } from "../../../db/listener";
import { claimDueSubmissions, ROUTING_WAKE_CHANNEL, routeClaimed, type TRoutingDeps } from "./routing-retry";

export type TRoutingWorkerOptions = {
  /** Submissions claimed per statement (default 50). */
  batchSize?: number;
  /** Leads routed at once within a batch (default 4). */
  parallel?: number;
  /**
   * How often an idle worker looks for due submissions without being woken (default: the config's
   * `routing.pollMs`, 5 s): retries whose backoff ended, claims whose lease ran out, a missed NOTIFY.
   */
  pollMs?: number;
  /** How long a claim holds its submissions before another worker may take them (config, 2 min). */
  leaseMs?: number;
  /**
   * Told after each look for due submissions: how many it claimed, and whether the worker now goes
   * idle until a wake or its poll. Tests wait on this instead of the clock.
   */
  onLook?: (look: { claimed: number; idle: boolean }) => void;
};

export type TRoutingWorker = {
  /** Look for due submissions now (called after a submission commits in this process). */
  wake(): void;
  /** Stop claiming; resolves when the leads being routed are done (the rest of the batch is handed back). */
  stop(): Promise<void>;
};

// Every worker of this process: a submission stored here wakes them without waiting for a poll.
const workers = new Set<{ wake(): void }>();

/** Wakes this process's routing workers at once (other instances hear the database's NOTIFY). */
export function wakeRoutingWorkers(): void {
  for (const w of workers) w.wake();
}

/**
 * The routing worker (one per server process, started by server.ts): claims waiting submissions in
 * batches (FOR UPDATE SKIP LOCKED plus a lease, see claimDueSubmissions) and routes their leads with
 * `routeLead` (decide/), which routes a lead only while it is still `new`, so no lead is
 * routed twice even when a lease runs out under a slow worker. It wakes when a submission is stored in
 * this process (wakeRoutingWorkers) or in any instance (NOTIFY on ROUTING_WAKE_CHANNEL, heard on the
 * process's one LISTEN connection), and polls slowly as the fallback.
 */
export function startRoutingWorker(deps: TRoutingDeps, opts: TRoutingWorkerOptions = {}): TRoutingWorker {
  const batchSize = opts.batchSize ?? 50;
  const pollMs = opts.pollMs ?? deps.config.routing.pollMs;
  const leaseMs = opts.leaseMs ?? deps.config.routing.leaseMs;
  let stopped = false;
  let woken = false;
  let resume: (() => void) | null = null;

  const wake = () => {
    woken = true;
    resume?.();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), pollMs);
      const done = () => {
        clearTimeout(timer);
        resume = null;
        resolve();
      };
      resume = done;
    });

  // Another instance's submissions; after the listener reconnects, whatever was announced meanwhile.
  const listener = listenerFor(deps.database, deps.logger);
  const stopHearing = listener.onReconnect(wake);
  const heard = listener.listen(ROUTING_WAKE_CHANNEL, wake).catch((err) => {
    deps.logger.warn({ err }, "routing worker: no wake-ups from other instances; polling only");
    return () => {};
  });

  const loop = (async () => {
    await heard;
    while (!stopped) {
      woken = false;
      let claimed = 0;
      try {
        const batch = await claimDueSubmissions(deps, batchSize, leaseMs);
        claimed = batch.length;
        await routeClaimed(deps, batch, opts.parallel, () => stopped);
      } catch (err) {
        if (stopped) break;
        deps.logger.error({ err }, "routing worker: claiming failed");
      }
      const goesIdle = claimed < batchSize && !woken && !stopped;
      opts.onLook?.({ claimed, idle: goesIdle });
      if (goesIdle) await idle();
    }
  })();

  const handle = { wake };
  workers.add(handle);
  return {
    wake,
    async stop() {
      stopped = true;
      workers.delete(handle);
      stopHearing();
      (await heard)();
      resume?.();
      await loop;
    },
  };
}
