import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** The rows of a hand-written statement; both drivers (node-postgres, PGlite) answer { rows }. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
