import { claimDueSubmissions, ROUTING_LEASE_MS, routeClaimed, type TRoutingDeps } from "./routing-retry";

export type TRoutingWorkerOptions = {
  /** Submissions claimed per statement (default 50). */
  batchSize?: number;
  /** Leads routed at once within a batch (default 4). */
  parallel?: number;
  /** How often an idle worker looks for due submissions not announced in this process (default 250 ms). */
  pollMs?: number;
  /** How long a claim holds its submissions before another worker may take them (default 2 min). */
  leaseMs?: number;
};

export type TRoutingWorker = {
  /** Look for due submissions now (called after a submission commits in this process). */
  wake(): void;
  /** Stop claiming; resolves when the leads being routed are done (the rest of the batch is handed back). */
  stop(): Promise<void>;
};

// Every worker of this process: a submission stored here wakes them without waiting for a poll.
const workers = new Set<{ wake(): void }>();

/** Wakes this process's routing workers; other instances find the submission at their next poll. */
export function wakeRoutingWorkers(): void {
  for (const w of workers) w.wake();
}

/**
 * The routing worker (one per server process, started by server.ts): claims waiting submissions in
 * batches (FOR UPDATE SKIP LOCKED plus a lease, see claimDueSubmissions) and routes their leads with
 * the routing module's `routeLead`, which routes a lead only while it is still `new`, so no lead is
 * routed twice even when a lease runs out under a slow worker.
 */
export function startRoutingWorker(deps: TRoutingDeps, opts: TRoutingWorkerOptions = {}): TRoutingWorker {
  const batchSize = opts.batchSize ?? 50;
  const pollMs = opts.pollMs ?? 250;
  const leaseMs = opts.leaseMs ?? ROUTING_LEASE_MS;
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

  const loop = (async () => {
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
      if (claimed < batchSize && !woken && !stopped) await idle();
    }
  })();

  const handle = { wake };
  workers.add(handle);
  return {
    wake,
    async stop() {
      stopped = true;
      workers.delete(handle);
      resume?.();
      await loop;
    },
  };
}
