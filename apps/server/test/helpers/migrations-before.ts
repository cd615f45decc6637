import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsDir } from "../../src/lib/paths";

/**
 * A copy of the migrations folder as it was before migration `idx`: that one and every later one go,
 * since the migrator skips a migration older than the last one applied. For tests of what a migration
 * does to the rows already there; `dispose` removes the copy.
 */
export function migrationsBefore(idx: number): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "leadpost-migrations-"));
  cpSync(migrationsDir(), dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  for (const later of journal.entries.filter((e) => e.idx >= idx)) {
    rmSync(join(dir, `${later.tag}.sql`));
  }
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
