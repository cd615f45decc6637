import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../lib/paths";
import type { Db, TDatabase } from "./client";

/** Applies pending migrations once; concurrent starts wait on the lock and then find nothing to do. */
export async function runMigrations(database: TDatabase): Promise<void> {
  const migrationsFolder = migrationsDir();
  await database.withExclusiveLock("leadpost:migrate", async (db: Db) => {
    if (database.kind === "pglite") {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
