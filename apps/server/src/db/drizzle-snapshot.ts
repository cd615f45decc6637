// Development only (drizzle-kit is a dev dependency): never imported by the server.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDrizzleJson } from "drizzle-kit/api";
import * as schema from "./schema";

/**
 * drizzle-kit's model of the database (`drizzle/meta/NNNN_snapshot.json`): `npm run db:generate` diffs
 * db/schema against the newest snapshot and writes a migration for the difference. The snapshot must
 * therefore be the schema as the migrations left it, or generating asks "create or rename?" about
 * changes that were made long ago, and writes them again.
 */
type TSnapshot = ReturnType<typeof generateDrizzleJson>;

const metaDir = (folder: string) => join(folder, "meta");

/** The newest snapshot (the highest migration number that has one) and its file name. */
export function newestSnapshot(folder: string): { file: string; snapshot: TSnapshot } {
  const file = readdirSync(metaDir(folder))
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
    .sort()
    .at(-1);
  if (!file) throw new Error(`No drizzle snapshot in ${metaDir(folder)}`);
  return { file, snapshot: JSON.parse(readFileSync(join(metaDir(folder), file), "utf8")) };
}

/** db/schema as drizzle-kit models it, chained after prevId. */
export function schemaSnapshot(prevId: string): TSnapshot {
  return generateDrizzleJson(schema, prevId, undefined, "snake_case");
}

/** The parts of the model that say what the database holds (not the snapshot's own ids). */
const MODEL_PARTS = ["tables", "enums", "schemas", "sequences", "roles", "policies", "views"] as const;

/**
 * Where db/schema differs from the newest snapshot, as readable names ("table leads", "enums"); empty
 * when `npm run db:generate` would write nothing. Compared without drizzle-kit's diff, which stops to ask
 * about renames.
 */
export function schemaDrift(folder: string): string[] {
  const { snapshot } = newestSnapshot(folder);
  const current = schemaSnapshot(snapshot.id);
  const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
  const drift: string[] = [];
  for (const part of MODEL_PARTS) {
    if (part !== "tables") {
      if (!same(snapshot[part] ?? {}, current[part] ?? {})) drift.push(part);
      continue;
    }
    const before: Record<string, unknown> = snapshot.tables ?? {};
    const after: Record<string, unknown> = current.tables;
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!same(before[name], after[name])) drift.push(`table ${name.replace(/^public\./, "")}`);
    }
  }
  return drift;
}

/** A value with its objects' keys in order, so two snapshots compare by content alone. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  }
  return value;
}

/**
 * Records db/schema as the snapshot of the newest migration in the journal: for a migration written by
 * hand (drizzle-kit writes its own snapshot). Chained after the newest older snapshot; an existing
 * snapshot of that migration is replaced. Returns the file written.
 */
export function writeSnapshotOfNewestMigration(folder: string): string {
  const journal = JSON.parse(readFileSync(join(metaDir(folder), "_journal.json"), "utf8")) as {
    entries: { idx: number }[];
  };
  const idx = Math.max(...journal.entries.map((e) => e.idx));
  const file = `${String(idx).padStart(4, "0")}_snapshot.json`;
  const older = readdirSync(metaDir(folder))
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f) && f < file)
    .sort()
    .at(-1);
  if (!older) throw new Error(`No snapshot before ${file}`);
  const prev = JSON.parse(readFileSync(join(metaDir(folder), older), "utf8")) as TSnapshot;
  writeFileSync(join(metaDir(folder), file), `${JSON.stringify(schemaSnapshot(prev.id), null, 2)}\n`);
  return file;
}
