import type { PGlite } from "@electric-sql/pglite";
import { type Column, type ExtractTablesWithRelations, type SQL, sql } from "drizzle-orm";
import {
  drizzle as drizzleNodePg,
  type NodePgDatabase,
  NodePgSession,
  NodePgTransaction,
} from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import type pg from "pg";
import * as schema from "./schema";

/**
 * The one place that relies on drizzle-orm beyond its documented API (docs/architecture.md, "Library
 * adapters"): the database handles are made here, and everything else uses them through the functions
 * below. What this file assumes of drizzle is checked when a database opens (assertDrizzleShape: the
 * server refuses to start rather than run a slower or wrong path) and pinned to the installed version
 * by test/drizzle-adapter.test.ts. After a drizzle upgrade, that test says what to re-read.
 */
export type TSchema = typeof schema;

const OPTIONS = { schema, casing: "snake_case" } as const;
/** The same dialect settings the handles use: text built here is the text drizzle would send. */
const dialect = new PgDialect({ casing: OPTIONS.casing });

/** One type for both drivers: services never need to know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type TTables = ExtractTablesWithRelations<TSchema>;

const pools = new WeakMap<object, pg.Pool>();
const embedded = new WeakSet<object>();

/** A drizzle handle on a node-postgres pool; its tenant transactions take one round trip to open. */
export function drizzleOnPool(pool: pg.Pool): Db {
  const db = drizzleNodePg(pool, OPTIONS);
  assertDrizzleShape(db, pool);
  pools.set(db._.session, pool);
  return db;
}

/** A drizzle handle on one checked-out connection (what runs under an advisory lock). */
export function drizzleOnConnection(client: pg.PoolClient): NodePgDatabase<TSchema> {
  return drizzleNodePg(client, OPTIONS);
}

/** A drizzle handle on the embedded database. */
export function drizzleOnPglite(client: PGlite): PgliteDatabase<TSchema> {
  const db = drizzlePglite(client, OPTIONS);
  assertDrizzleShape(db);
  embedded.add(db._.session);
  return db;
}

/** A statement's text and values, exactly as drizzle would send them. */
export function toQuery(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

/** A column's name in the database: the dialect's snake_case of its key unless the column names itself. */
export function columnName(column: Column): string {
  // Rendered as "table"."column": the last quoted identifier is the column's.
  const quoted = /"((?:[^"]|"")+)"$/.exec(toQuery(sql`${column}`).sql);
  if (!quoted)
    throw new Error("drizzle-orm: a column rendered without its quoted name (db/drizzle-adapter.ts)");
  return quoted[1]!.replaceAll('""', '"');
}

/** What a raw statement answers, on either driver: { rows }. */
function rowsOf(result: unknown): unknown[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error("drizzle-orm: a raw statement answered without rows (db/drizzle-adapter.ts)");
}

/** The rows of a drizzle `sql` statement, untyped (db/raw.ts gives them their type). */
export async function executeRows(db: Pick<Db, "execute">, query: SQL): Promise<unknown[]> {
  return rowsOf(await db.execute(query));
}

/**
 * Runs text with positional values as the named prepared statement `name`: on PostgreSQL each connection
 * parses and plans it once (node-postgres keeps it per connection); PGlite runs it as usual.
 */
export async function executeNamed(
  db: Pick<Db, "_">,
  text: string,
  params: unknown[],
  name: string,
): Promise<unknown[]> {
  return rowsOf(await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute());
}

/** A transaction on a pool connection already opened (BEGIN sent) by the caller. */
export type TPoolTransaction = { client: pg.PoolClient; tx: Tx };

/**
 * How `db` opens a transaction whose first statements the caller sends itself: on PostgreSQL a pool
 * connection and a drizzle transaction object on it (nested transactions become savepoints, exactly as
 * in db.transaction); on the embedded database null (db.transaction costs no round trip there). A handle
 * that was not made here is refused: the caller would otherwise lose its one-round-trip path unnoticed.
 */
export function poolTransactionOf(db: Pick<Db, "_">): (() => Promise<TPoolTransaction>) | null {
  const session = db._.session;
  if (embedded.has(session)) return null;
  const pool = pools.get(session);
  if (!pool) throw new Error("db/drizzle-adapter: this database handle was not opened by the adapter");
  const relational = relationalSchema(db);
  return async () => {
    const client = await pool.connect();
    const txSession = new NodePgSession(client, dialect, relational, {});
    const tx: Tx = new NodePgTransaction<TSchema, TTables>(dialect, txSession, relational);
    return { client, tx };
  };
}

function relationalSchema(db: Pick<Db, "_">) {
  const { fullSchema, schema: tables, tableNamesMap } = db._;
  if (!tables) throw new Error("drizzle-orm: the handle has no relational schema (db/drizzle-adapter.ts)");
  return { fullSchema, schema: tables, tableNamesMap };
}

/**
 * A handle that forwards every call to `pick()`'s handle (a request's transaction) or to root; its
 * transactions go through onTransaction (the commit frames of db/after-commit.ts).
 */
export function forwardingDb<D extends object>(
  root: D,
  pick: () => D | null,
  onTransaction: <T>(run: () => Promise<T>) => Promise<T>,
): D {
  return new Proxy(root, {
    get(target, prop) {
      const source = pick() ?? target;
      const value: unknown = Reflect.get(source, prop, source);
      if (typeof value !== "function") return value;
      if (prop === "transaction")
        return (...args: unknown[]) => onTransaction(() => value.apply(source, args));
      return value.bind(source);
    },
  });
}

/**
 * Fails loudly when drizzle is not shaped as this file assumes: run on every handle it opens (so at
 * start-up), and by the contract test against the installed version.
 */
export function assertDrizzleShape(db: Pick<Db, "_">, pool?: pg.Pool): void {
  const problems: string[] = [];
  const session: unknown = db._.session;
  if (typeof session !== "object" || session === null) problems.push("db._.session is missing");
  else if (!("prepareQuery" in session) || typeof session.prepareQuery !== "function") {
    problems.push("db._.session.prepareQuery is not a function");
  }
  if (!db._.schema || !db._.fullSchema || !db._.tableNamesMap)
    problems.push("db._ lacks the relational schema");
  if (typeof NodePgSession !== "function" || typeof NodePgTransaction !== "function") {
    problems.push("drizzle-orm/node-postgres no longer exports NodePgSession and NodePgTransaction");
  } else if (pool) {
    // A transaction object on the pool, never used: its constructor must take what the adapter gives it.
    const probe = new NodePgTransaction(dialect, new NodePgSession(pool, dialect, undefined, {}), undefined);
    if (!(db._.session instanceof NodePgSession)) problems.push("the pool's session is no NodePgSession");
    if (typeof probe.rollback !== "function" || typeof probe.transaction !== "function") {
      problems.push("NodePgTransaction lacks rollback() or transaction()");
    }
  }
  const probeText = toQuery(
    sql`select ${schema.buyers.createdAt} from ${schema.buyers} where ${schema.buyers.id} = ${""}`,
  ).sql;
  if (probeText !== 'select "buyers"."created_at" from "buyers" where "buyers"."id" = $1') {
    problems.push(`PgDialect builds unexpected text: ${probeText}`);
  }
  if (problems.length) {
    throw new Error(`drizzle-orm is not what db/drizzle-adapter.ts expects: ${problems.join("; ")}`);
  }
}
