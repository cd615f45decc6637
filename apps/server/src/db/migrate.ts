import { migrationsDir } from "../lib/paths";
import type { TDatabase } from "./client";

/** Applies pending migrations once; concurrent starts wait on the lock and then find nothing to do. */
export async function runMigrations(database: TDatabase): Promise<void> {
  await database.migrate(migrationsDir(), "leadpost:migrate");
}
