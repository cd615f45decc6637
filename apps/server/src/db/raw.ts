import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** The rows of a hand-written statement; both drivers (node-postgres, PGlite) answer { rows }. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

type TInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

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
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = (db as unknown as TInternals).dialect.sqlToQuery(query);
  return runNamed<T>(db, built.sql, built.params, statementName(built.sql));
}

/** Runs a statement's text with its values as the named prepared statement `name` (PGlite: as usual). */
async function runNamed<T>(db: DbOrTx, text: string, params: unknown[], name: string): Promise<T[]> {
  const { session } = db as unknown as TInternals;
  const result = (await session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * Runs a statement given as text with positional parameters ($1…) on db, a transaction included: for
 * a library's own statement that must run in the caller's transaction (the job queue's insert). Named
 * by its text on PostgreSQL, as queryRowsPrepared.
 */
export async function executeText(db: DbOrTx, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  return { rows: await runNamed(db, text, values, statementName(text)) };
}

/**
 * A hot-path statement whose SQL is built once: `build` writes every value as `sql.placeholder(name)`;
 * the first call makes its text and parameter list, every call fills in `values` and runs it as a named
 * prepared statement (as queryRowsPrepared, without building the SQL again for each run).
 */
export function preparedStatement<T>(build: () => SQL) {
  let built: { sql: string; params: unknown[]; name: string } | null = null;
  return (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> => {
    if (!built) {
      const query = (db as unknown as TInternals).dialect.sqlToQuery(build());
      built = { ...query, name: statementName(query.sql) };
    }
    return runNamed<T>(db, built.sql, fillPlaceholders(built.params, values), built.name);
  };
}
