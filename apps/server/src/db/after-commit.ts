import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The one way to send mail or queue a job from code that may run inside a database transaction (a
 * company request's row-level-security transaction, or any `db.transaction`): `afterCommit(task)`.
 *
 * Why: the job queue and the mail worker use their own statements. On the embedded database there is
 * one connection, so a queue statement issued while a transaction is open waits for that transaction,
 * which waits for the statement: the whole server freezes. On PostgreSQL the job (or the mail) would
 * exist even when the transaction then rolls back. So what leaves the transaction runs after COMMIT,
 * and never when it rolls back.
 *
 * Enforced: `assertOutsideTransaction` is called by the job queue's send, the job sender and the mail
 * service's queueing and delivery; it throws while a transaction is open, so the wrong way fails the
 * first test that walks it instead of freezing a server.
 */
type TFrame = { open: boolean; tasks: (() => Promise<unknown>)[] };

const frames = new AsyncLocalStorage<TFrame>();
let openFrames = 0;

/**
 * Transactions (outermost commit frames) open in this process right now, whoever runs them. Tests
 * ask it while a slow provider is being called, instead of timing another request.
 */
export function openTransactionCount(): number {
  return openFrames;
}

/**
 * Runs `run` (which opens a transaction) as a commit frame: tasks given to afterCommit meanwhile run
 * once `run` has resolved (the transaction committed), in the caller's context; when it throws (rolled
 * back) they are dropped. Inside an open frame it just runs `run`: the outermost transaction decides.
 */
export async function withCommitFrame<T>(run: () => Promise<T>): Promise<T> {
  if (frames.getStore()?.open) return run();
  const frame: TFrame = { open: true, tasks: [] };
  let result: T;
  openFrames += 1;
  try {
    result = await frames.run(frame, run);
  } finally {
    frame.open = false;
    openFrames -= 1;
  }
  for (const task of frame.tasks) await task();
  return result;
}

/**
 * Runs `task` once the current transaction has committed (before the request's answer leaves), or at
 * once outside a transaction. Never run when the transaction rolls back.
 */
export async function afterCommit(task: () => Promise<unknown>): Promise<void> {
  const frame = frames.getStore();
  if (frame?.open) frame.tasks.push(task);
  else await task();
}

/** True while the calling code runs inside an open transaction (one this module frames). */
export function inTransaction(): boolean {
  return frames.getStore()?.open === true;
}

/** Refuses work that must never run inside a transaction (see the file comment): `what` names it. */
export function assertOutsideTransaction(what: string): void {
  if (inTransaction()) {
    throw new Error(
      `${what} inside an open database transaction: run it through afterCommit (db/after-commit.ts)`,
    );
  }
}

/** Runs fn outside every commit frame (work an event sets off must not join a transaction it met). */
export function outsideCommitFrame<T>(fn: () => T): T {
  return frames.exit(fn);
}
