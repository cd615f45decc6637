import { assertOutsideTransaction } from "../db/after-commit";

/** Runs one statement with positional parameters and answers its rows (e.g. inside a transaction). */
export type TExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** What the job queue lends a service (jobs/queue.ts). */
export type TJobSending = {
  send(name: string, data: object): Promise<unknown>;
  sendWith(name: string, data: object, execute: TExecuteSql): Promise<unknown> | null;
};

/**
 * A service's way to queue a background job without holding the queue itself: the queue is created
 * after the services (server.ts) and attached here by the job registration; tests and scripts may run
 * without one, and then the calls answer false so the caller does the work in line.
 */
export type TJobSender = {
  attach(queue: TJobSending): void;
  /**
   * Queues the job; false when no queue is attached. A failure to queue throws, and so does a call
   * inside an open transaction (queue it with afterCommit, db/after-commit.ts).
   */
  send(name: string, data: object): Promise<boolean>;
  /**
   * Queues the job with one statement run by `execute`, the caller's open transaction, so the job
   * exists exactly if that transaction commits; false (nothing queued) when no queue is attached or it
   * is not running yet: the caller then uses `send` after its commit.
   */
  sendInTransaction(name: string, data: object, execute: TExecuteSql): Promise<boolean>;
};

export function createJobSender(): TJobSender {
  let queue: TJobSending | null = null;
  return {
    attach(q) {
      queue = q;
    },
    async send(name, data) {
      assertOutsideTransaction(`Queuing the job ${name}`);
      if (!queue) return false;
      await queue.send(name, data);
      return true;
    },
    async sendInTransaction(name, data, execute) {
      const sending = queue?.sendWith(name, data, execute) ?? null;
      if (!sending) return false;
      await sending;
      return true;
    },
  };
}
