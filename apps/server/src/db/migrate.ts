import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { functionsDir, migrationsDir } from "../lib/paths";
import type { TDatabase } from "./client";
import {
  applyFunctionFiles,
  functionsUpToDate,
  readFunctionFiles,
  recordedHashesQuery,
  type TFunctionFile,
} from "./functions";
import { col, queryRows, rowOf } from "./raw";

/** The newest migration's timestamp in the journal: drizzle applies every migration newer than the last applied. */
export function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

type TPending = { migrations: boolean; functions: boolean };

/**
 * What start-up has to do, in one query and no lock: whether a numbered migration is newer than the last
 * applied, and whether a function file's hash differs from the one recorded.
 */
export async function pendingWork(
  database: TDatabase,
  folder: string,
  files: TFunctionFile[],
): Promise<TPending> {
  let row: { last: string | null; functions: string | null } | undefined;
  try {
    [row] = await queryRows(
      database.db,
      rowOf({ last: col.orNull(col.text), functions: col.orNull(col.text) }),
      sql`select (select max(created_at)::text from drizzle.__drizzle_migrations) as last,
                 ${recordedHashesQuery} as functions`,
    );
  } catch {
    return { migrations: true, functions: true }; // no migrations (or no function) record yet: a new database
  }
  const last = row?.last;
  return {
    migrations: last == null || Number(last) < newestMigrationMillis(folder),
    functions: !functionsUpToDate(files, JSON.parse(row?.functions ?? "{}")),
  };
}

/** True when the database has applied the newest migration and every function file as it is now. */
export async function migrationsUpToDate(
  database: TDatabase,
  folder: string,
  files = readFunctionFiles(functionsDir()),
): Promise<boolean> {
  const pending = await pendingWork(database, folder, files);
  return !pending.migrations && !pending.functions;
}

/**
 * Applies pending migrations once; concurrent starts wait on the lock and then find nothing to do. The
 * numbered migrations come first, then, under the same lock, the function files that changed (all of
 * them after a numbered migration ran, so a file is always the function's current definition).
 */
export async function runMigrations(
  database: TDatabase,
  dirs = { migrations: migrationsDir(), functions: functionsDir() },
): Promise<void> {
  const folder = dirs.migrations;
  const files = readFunctionFiles(dirs.functions);
  const pending = await pendingWork(database, folder, files);
  if (!pending.migrations && !pending.functions) return;
  await database.migrate(folder, "leadpost:migrate", async (locked) => {
    await applyFunctionFiles(locked, files, { all: pending.migrations });
  });
}
