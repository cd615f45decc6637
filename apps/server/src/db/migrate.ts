import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrationsDir } from "../lib/paths";
import type { TDatabase } from "./client";
import { col, queryRows, rowOf } from "./raw";

/** The newest migration's timestamp in the journal: drizzle applies every migration newer than the last applied. */
export function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** True when the database has applied the newest migration: one query, no lock, no files hashed. */
export async function migrationsUpToDate(database: TDatabase, folder: string): Promise<boolean> {
  try {
    const [row] = await queryRows(
      database.db,
      rowOf({ last: col.orNull(col.text) }),
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const last = row?.last;
    return last != null && Number(last) >= newestMigrationMillis(folder);
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/** Applies pending migrations once; concurrent starts wait on the lock and then find nothing to do. */
export async function runMigrations(database: TDatabase): Promise<void> {
  const folder = migrationsDir();
  if (await migrationsUpToDate(database, folder)) return;
  await database.migrate(folder, "leadpost:migrate");
}
