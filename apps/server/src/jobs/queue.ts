import { type Clock, fromPglite, PgBoss } from "pg-boss";
import { assertOutsideTransaction } from "../db/after-commit";
import type { TDatabase } from "../db/client";
import type { TExecuteSql } from "../lib/job-sender";
import type { TLogger } from "../lib/logger";
import { createYielder } from "../lib/yield";

/**
 * The background-work API every module uses (pg-boss underneath, in the same PostgreSQL, PGlite
 * included). Jobs survive restarts; a job whose worker died is retried after its `expireInSeconds`.
 *
 * - `work(name, handler)`: this instance runs jobs of `name` (each job runs on one instance).
 * - `send(name, data)`: queue a job now or later.
 * - `schedule(name, cron, fn)`: run fn on a cron (UTC), once per tick across all instances.
 * - `stop(deadlineMs)`: stop fetching, wait for running jobs up to the deadline.
 */
export type TJobQueue = {
  work<T extends object>(
    name: string,
    handler: (data: T) => Promise<unknown>,
    opts?: TWorkOptions,
  ): Promise<void>;
  send(
    name: string,
    data: object,
    opts?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<string | null>;
  /**
   * Queues a job with one statement run by `execute` (the caller's transaction, so the job commits or
   * rolls back with it). Null, queuing nothing, until the queue runs and `name` exists on it (its worker
   * is registered or a job was sent): the caller then sends after its commit.
   */
  sendWith(name: string, data: object, execute: TExecuteSql): Promise<string | null> | null;
  /** Many jobs of one queue in one statement (e.g. the e-mails a routing writes at once). */
  sendMany(name: string, data: object[]): Promise<unknown>;
  schedule(name: string, cron: string, fn: () => Promise<unknown>, opts?: TWorkOptions): Promise<void>;
  stop(deadlineMs?: number): Promise<void>;
};

export type TWorkOptions = {
  /** Jobs this instance runs at once (default 1). */
  concurrency?: number;
  /** A running job is given up and retried elsewhere after this long (its worker is presumed dead). */
  expireInSeconds?: number;
  /** Further attempts after a failure, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often an idle worker looks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
};

export type TJobQueueOptions = {
  /** How often cron schedules are checked (pg-boss default 30 s; tests use less). */
  cronIntervalSeconds?: number;
  /**
   * pg-boss's source of time (default the system clock). Tests pass pg-boss's `TestClock` to move time
   * by hand, so a cron schedule is proven without waiting for real minute boundaries.
   */
  clock?: Clock;
};

/**
 * The embedded database runs each statement synchronously on the event loop, and pg-boss chains its
 * start-up statements without waiting on I/O: letting I/O in before each one while the queue starts keeps
 * the server answering requests meanwhile (it starts after the server listens).
 */
function yieldingWhileStarting<T extends { executeSql: (...args: never[]) => Promise<unknown> }>(
  db: T,
): T & { started(): void } {
  const execute = db.executeSql.bind(db);
  let starting = true;
  db.executeSql = (async (...args: Parameters<T["executeSql"]>) => {
    if (starting) await new Promise<void>((resolve) => setImmediate(resolve));
    return execute(...args);
  }) as T["executeSql"];
  return Object.assign(db, {
    started() {
      starting = false;
    },
  });
}

/** Creates the queue and starts it; resolves once it is running. */
export async function startJobQueue(
  database: TDatabase,
  logger: TLogger,
  opts: TJobQueueOptions = {},
): Promise<TJobQueue> {
  const queue = createJobQueue(database, logger, opts);
  await queue.start();
  queue.startupDone();
  return queue;
}

/**
 * The queue without starting it: its methods wait until `start()` has run, so jobs can be registered
 * (and e-mail handed over) before the server listens while pg-boss itself starts after (server.ts).
 */
export function createJobQueue(
  database: TDatabase,
  logger: TLogger,
  opts: TJobQueueOptions = {},
): TJobQueue & { start(): Promise<void>; startupDone(): void } {
  const embedded = database.embedded ? yieldingWhileStarting(fromPglite(database.embedded)) : null;
  const connection = embedded
    ? { db: embedded, backend: "pglite" as const }
    : { connectionString: database.url, max: 3 };
  const cron = opts.cronIntervalSeconds;
  const boss = new PgBoss({
    ...connection,
    schema: "pgboss",
    application_name: "leadpost-jobs",
    ...(cron ? { cronWorkerIntervalSeconds: cron, cronMonitorIntervalSeconds: cron } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  let starting: Promise<unknown> | null = null;
  let running = false;
  let markStarted: () => void = () => {};
  let markFailed: (err: unknown) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    markFailed = reject;
  });
  started.catch(() => {}); // the failure is reported by start(); waiting callers see it too
  const created = new Set<string>();

  async function ensureQueue(name: string, o: TWorkOptions = {}) {
    await started;
    if (created.has(name)) return;
    const options = {
      expireInSeconds: o.expireInSeconds ?? 15 * 60,
      retryLimit: o.retryLimit ?? 3,
      retryDelay: o.retryDelaySeconds ?? 30,
      retryBackoff: true,
    };
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
    created.add(name);
  }

  async function work<T extends object>(
    name: string,
    handler: (data: T) => Promise<unknown>,
    o: TWorkOptions = {},
  ) {
    await ensureQueue(name, o);
    await boss.work<T>(
      name,
      {
        localConcurrency: o.concurrency ?? 1,
        pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2,
      },
      async (jobs) => {
        const yieldNow = createYielder();
        for (const job of jobs) {
          // Requests that arrived meanwhile run first: a batch of jobs never holds the event loop long.
          await yieldNow();
          try {
            await handler(job.data);
          } catch (err) {
            logger.error({ err, job: name, jobId: job.id }, "job failed");
            throw err;
          }
        }
      },
    );
  }

  return {
    /** Start-up (pg-boss's start and the jobs' registration) is over: statements stop yielding to I/O. */
    startupDone() {
      embedded?.started();
    },
    start() {
      starting ??= boss.start().then(
        () => {
          running = true;
          markStarted();
        },
        (err) => {
          markFailed(err);
          throw err;
        },
      );
      return starting.then(() => {});
    },
    work,
    async send(name, data, o = {}) {
      // The queue's own statements: never while a transaction is open (db/after-commit.ts).
      assertOutsideTransaction(`Queuing the job ${name}`);
      await ensureQueue(name);
      return boss.send(name, data, {
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      });
    },
    sendWith(name, data, execute) {
      if (!running || !created.has(name)) return null;
      return boss.send(name, data, { db: { executeSql: (text, values) => execute(text, values ?? []) } });
    },
    async sendMany(name, data) {
      assertOutsideTransaction(`Queuing jobs ${name}`);
      if (data.length === 0) return null;
      await ensureQueue(name);
      return boss.insert(
        name,
        data.map((d) => ({ data: d })),
      );
    },
    async schedule(name, cronExpression, fn, o = {}) {
      await work(name, () => fn(), { retryLimit: 0, ...o });
      await boss.schedule(name, cronExpression, null, { tz: "UTC" });
    },
    async stop(deadlineMs = 10_000) {
      if (!starting) return;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, close: true, timeout: deadlineMs });
    },
  };
}
