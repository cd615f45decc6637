import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { startDroppingFinished, withAdmin } from "./helpers/finished-databases";
import { TEST_DATABASE_URL } from "./helpers/test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A migrated database each test file's own database starts from instead of running every
     * migration again: a PostgreSQL template database's name, or an embedded database's dump.
     */
    migratedTemplate: { kind: "postgres"; name: string } | { kind: "pglite"; dump: Uint8Array };
    /** This run's id on PostgreSQL: its files' finished databases carry it (helpers/finished-databases.ts). */
    testRunId: string;
  }
}

/** Migrates one database before the test files run; they copy it (helpers/test-database.ts). */
export async function setup(project: TestProject) {
  if (!TEST_DATABASE_URL) {
    const database = await openPglite(null);
    await runMigrations(database);
    const dump = await database.embedded!.dumpDataDir("none");
    await database.close();
    project.provide("migratedTemplate", { kind: "pglite", dump: new Uint8Array(await dump.arrayBuffer()) });
    return;
  }
  // Its own name per run: test runs side by side on one server must not drop each other's template.
  const runId = randomBytes(6).toString("hex");
  const name = `leadpost_template_${runId}`;
  await adminQuery(`create database ${name}`);
  const database = openPostgres(withDatabase(TEST_DATABASE_URL, name), 2);
  await runMigrations(database);
  // A template may have no connections while it is copied.
  await database.close();
  project.provide("migratedTemplate", { kind: "postgres", name });
  project.provide("testRunId", runId);
  const stopDropping = startDroppingFinished(TEST_DATABASE_URL, runId);
  return async () => {
    await stopDropping();
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function adminQuery(text: string) {
  return withAdmin(TEST_DATABASE_URL!, (admin) => admin.query(text));
}
