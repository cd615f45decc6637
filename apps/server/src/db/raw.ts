import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { executeNamed, executeRows, toQuery } from "./drizzle-adapter";
import { checkRows, rowOf, type TRowSchema } from "./rows";

export { checkRows, col, rowOf, type TRowSchema } from "./rows";

/** A row whose columns the caller does not read (a library's own statement). */
export const anyRow = rowOf<Record<string, unknown>>({});

/**
 * The rows of a hand-written statement, each checked against `row` (db/rows.ts): the one way to read
 * raw rows. A row of another shape throws, naming the column.
 */
export async function queryRows<T>(db: DbOrTx, row: TRowSchema<T>, query: SQL): Promise<T[]> {
  return checkRows(await executeRows(db, query), row, "a raw statement's row");
}

const names = new Map<string, string>();

/** A statement's name: the same text always has the same one, so a connection prepares it once. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lp_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    // Hot-path statements are few; the cap keeps a mistake (a value spliced into the text) bounded.
    if (names.size < 500) names.set(text, name);
  }
  return name;
}

/**
 * Like queryRows, but sent as a named prepared statement on PostgreSQL: each connection parses and plans
 * it once (node-postgres keeps the statement per connection), later runs bind values only. For hot-path
 * statements whose text never changes (all values are parameters). PGlite runs it as usual.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, row: TRowSchema<T>, query: SQL): Promise<T[]> {
  const built = toQuery(query);
  return runNamed(db, row, built.sql, built.params, statementName(built.sql));
}

async function runNamed<T>(
  db: DbOrTx,
  row: TRowSchema<T>,
  text: string,
  params: unknown[],
  name: string,
): Promise<T[]> {
  return checkRows(await executeNamed(db, text, params, name), row, `the row of statement ${name}`);
}

/**
 * Runs a statement given as text with positional parameters ($1…) on db, a transaction included: for
 * a library's own statement that must run in the caller's transaction (the job queue's insert), or a
 * hand-written hot-path text. Named by its text on PostgreSQL, as queryRowsPrepared.
 */
export async function executeText<T>(
  db: DbOrTx,
  row: TRowSchema<T>,
  text: string,
  values: unknown[],
): Promise<{ rows: T[] }> {
  return { rows: await runNamed(db, row, text, values, statementName(text)) };
}

/**
 * A hot-path statement whose SQL is built once: `build` writes every value as `sql.placeholder(name)`;
 * the first call makes its text and parameter list, every call fills in `values` and runs it as a named
 * prepared statement (as queryRowsPrepared, without building the SQL again for each run).
 */
export function preparedStatement<T>(row: TRowSchema<T>, build: () => SQL) {
  let built: { sql: string; params: unknown[]; name: string } | null = null;
  return (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> => {
    if (!built) {
      const query = toQuery(build());
      built = { ...query, name: statementName(query.sql) };
    }
    return runNamed(db, row, built.sql, fillPlaceholders(built.params, values), built.name);
  };
}
