// npm run db:snapshot: after a migration written by hand that changes what db/schema
// models (a column, an index), records db/schema as that migration's drizzle snapshot, so that
// `npm run db:generate` starts from it (docs/architecture.md "Database").
import { migrationsDir } from "../lib/paths";
import { schemaDrift, writeSnapshotOfNewestMigration } from "./drizzle-snapshot";

const file = writeSnapshotOfNewestMigration(migrationsDir());
const drift = schemaDrift(migrationsDir());
console.log(
  `drizzle snapshot written: drizzle/meta/${file}${drift.length ? ` (still differs: ${drift.join(", ")})` : ""}`,
);
