import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { TEST_DATABASE_URL } from "./helpers/test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A migrated database each test file's own database starts from instead of running every
     * migration again: a PostgreSQL template database's name, or an embedded database's dump.
     */
    migratedTemplate: { kind: "postgres"; name: string } | { kind: "pglite"; dump: Uint8Array };
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
  const name = `leadpost_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const database = openPostgres(withDatabase(TEST_DATABASE_URL, name), 2);
  await runMigrations(database);
  // A template may have no connections while it is copied.
  await database.close();
  project.provide("migratedTemplate", { kind: "postgres", name });
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
