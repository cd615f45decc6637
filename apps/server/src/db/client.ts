import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Db, drizzleOnConnection, drizzleOnPglite, drizzleOnPool, type Tx } from "./drizzle-adapter";
import { copyTemplateIfNew } from "./pglite-template";
import { tenantAware } from "./tenant-scope";

export type { Db, TSchema, Tx } from "./drizzle-adapter";
export type DbOrTx = Db | Tx;

export type TDatabase = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs fn while holding a database-wide lock, so only one server instance does it at a time. */
  withExclusiveLock<T>(name: string, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Applies the migrations in folder with the driver's own migrator under lockName's lock, then runs
   * `afterwards` on the same connection before the lock is released (db/migrate.ts: the function files).
   */
  migrate(folder: string, lockName: string, afterwards?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /**
   * Callers waiting for a free connection: a full PostgreSQL pool queues them; the embedded database
   * has no pool (0). Tests wait on it to see work held up by a saturated pool.
   */
  waitingForConnection(): number;
  /** Where LISTEN runs (realtime): the embedded client itself, or a dedicated connection to this URL. */
  listenSource: TListenSource;
  /** The embedded database itself (PGlite only): the job queue runs on it. */
  embedded?: PGlite;
  /** The server's address (PostgreSQL only): the job queue opens its own small pool. */
  url?: string;
};

export type TListenSource =
  | {
      kind: "pglite";
      listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
    }
  | { kind: "postgres"; url: string };

export function openPostgres(url: string, poolSize = 10, opts: { applicationName?: string } = {}): TDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on("error", () => {});
  // Inside a company request every call runs in its row-level-security transaction (tenant-scope.ts).
  const db: Db = tenantAware(drizzleOnPool(pool));
  async function withExclusiveLock<T>(
    name: string,
    fn: (db: ReturnType<typeof drizzleOnConnection>) => Promise<T>,
  ) {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext($1))", [name]);
      try {
        return await fn(drizzleOnConnection(client));
      } finally {
        await client.query("select pg_advisory_unlock(hashtext($1))", [name]);
      }
    } finally {
      client.release();
    }
  }
  return {
    db,
    kind: "postgres",
    withExclusiveLock,
    migrate: (folder, lockName, afterwards) =>
      withExclusiveLock(lockName, async (locked) => {
        await migrateNodePg(locked, { migrationsFolder: folder });
        await afterwards?.(locked);
      }),
    close: () => pool.end(),
    waitingForConnection: () => pool.waitingCount,
    listenSource: { kind: "postgres", url },
    url,
  };
}

/** The extensions the migrations create (0044: pg_trgm, the leads search's trigram index). */
const extensions = { pg_trgm };

/**
 * Embedded PostgreSQL: data in dataDir, or in memory when dataDir is null (tests). A new data folder
 * starts as a copy of the build's pre-initialised database when there is one (pglite-template.ts).
 */
export async function openPglite(
  dataDir: string | null,
  opts: { templateDir?: string /** In memory only: start from this dump (tests). */; load?: Blob } = {},
): Promise<TDatabase> {
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    copyTemplateIfNew(dir, opts.templateDir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  } else {
    client = new PGlite({ extensions, ...(opts.load ? { loadDataDir: opts.load } : {}) });
  }
  await client.waitReady;
  const pglite = drizzleOnPglite(client);
  const db: Db = tenantAware(pglite);
  // PGlite is single-connection and in-process: one process owns the directory, so no lock is needed.
  return {
    db,
    kind: "pglite",
    withExclusiveLock: (_name, fn) => fn(db),
    migrate: async (folder, _lockName, afterwards) => {
      await migratePglite(pglite, { migrationsFolder: folder });
      await afterwards?.(db);
    },
    close: () => client.close(),
    waitingForConnection: () => 0,
    embedded: client,
    listenSource: {
      kind: "pglite",
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string | null;
  poolSize?: number;
}): Promise<TDatabase> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}

/**
 * The database the background work uses (the routing worker, the job handlers): on PostgreSQL a pool of
 * its own, so a backlog of background work never holds the connections requests wait for; PGlite has a
 * single connection, so there it is the same database (close only the requests' one).
 */
export function openBackgroundDatabase(database: TDatabase, poolSize: number): TDatabase {
  if (database.kind !== "postgres" || !database.url) return database;
  return openPostgres(database.url, poolSize, { applicationName: "leadpost-background" });
}

export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
