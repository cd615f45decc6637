import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { untilTrue } from "./until";

/** Sessions of this database waiting for a lock right now (PostgreSQL: pg_locks' ungranted rows). */
export async function lockWaits(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/**
 * What `work` answers; fails with "waited for a lock" as soon as any session of this database waits
 * for one while it runs: a test proving that work never queues behind a lock held elsewhere asserts on
 * PostgreSQL's own view, not on a time. `timeoutMs` is only a safety net for work that hangs otherwise.
 */
export async function unlessLockWait<T>(db: Db, work: Promise<T>, timeoutMs = 30_000): Promise<T> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  done.catch(() => {}); // awaited below when it settled; otherwise its failure no longer matters
  const ended = await untilTrue(async () => settled || (await lockWaits(db)) > 0, timeoutMs, 10);
  if (settled) return done;
  throw new Error(ended ? "waited for a lock" : `no answer within ${timeoutMs} ms`);
}
