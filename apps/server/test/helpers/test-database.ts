import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { openPglite, openPostgres, type TDatabase } from "../../src/db/client";
import { closeListener } from "../../src/db/listener";
import { runMigrations } from "../../src/db/migrate";
import { finishDatabase, withAdmin } from "./finished-databases";

/** The real PostgreSQL to test against, when set; otherwise tests use in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export type TTestDatabase = TDatabase & { label: string; dispose(): Promise<void> };

/** What test/global-setup.ts provided for the run, when it ran. */
function provided<K extends "migratedTemplate" | "testRunId">(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A brand-new, migrated database for one test file: no test ever sees another's rows. It is a copy of
 * the database the global setup migrated once (a PostgreSQL template, or an embedded database's dump),
 * so a file does not run every migration again. With `migrate: false` it is empty, for a test that
 * applies migrations itself.
 */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TTestDatabase> {
  const migrate = opts.migrate ?? true;
  const template = migrate ? provided("migratedTemplate") : undefined;
  if (!TEST_DATABASE_URL) {
    const database =
      template?.kind === "pglite"
        ? await openPglite(null, { load: new Blob([template.dump]) })
        : await openPglite(null);
    if (migrate && !template) await runMigrations(database);
    return { ...database, label: "pglite", dispose: () => closeEverything(database) };
  }
  const name = `leadpost_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(TEST_DATABASE_URL, (admin) =>
    admin.query(
      template?.kind === "postgres"
        ? `create database ${name} template ${template.name}`
        : `create database ${name}`,
    ),
  );
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 20);
  if (migrate && !template) await runMigrations(database);
  return {
    ...database,
    label: "postgres",
    async dispose() {
      await closeEverything(database);
      await finishDatabase(TEST_DATABASE_URL, name, provided("testRunId"));
    },
  };
}

/**
 * Closes what this process has open on a test's database: the LISTEN connection, if anything opened it
 * (realtime, the routing worker; left open in a worker that runs further files, it would try to
 * reconnect to the finished database for as long as the worker lives), and the pool.
 */
async function closeEverything(database: TDatabase) {
  await closeListener(database);
  // A test may have closed the pool itself (to simulate an outage); dropping must still happen.
  await database.close().catch(() => {});
}
