import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newestSnapshot, schemaDrift } from "../src/db/drizzle-snapshot";
import { migrationsDir } from "../src/lib/paths";

/**
 * db/schema and drizzle-kit's newest snapshot agree, so `npm run db:generate` writes nothing on an
 * unchanged schema and never asks "create or rename?" about old changes. A schema change without a
 * migration fails here.
 */
describe("drizzle snapshot", () => {
  it("matches db/schema: generating from the schema yields no migration", () => {
    const drift = schemaDrift(migrationsDir());
    expect(
      drift,
      "db/schema differs from drizzle/meta's newest snapshot. Run `npm run db:generate` to write the migration; " +
        "if you wrote the migration by hand, then run `npm run db:snapshot`.",
    ).toEqual([]);
  });

  it("forms one chain: each snapshot follows an earlier one", () => {
    const meta = join(migrationsDir(), "meta");
    const snapshots = readdirSync(meta)
      .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(meta, f), "utf8")) as { id: string; prevId: string });
    expect(new Set(snapshots.map((s) => s.id)).size).toBe(snapshots.length);
    snapshots.slice(1).forEach((s, i) => {
      expect(s.prevId).toBe(snapshots[i]!.id);
    });
  });

  it("reports a schema change the snapshot does not know (a column without its migration)", () => {
    const dir = mkdtempSync(join(tmpdir(), "leadpost-drizzle-"));
    try {
      cpSync(migrationsDir(), dir, { recursive: true });
      const { file, snapshot } = newestSnapshot(dir);
      const leads = snapshot.tables["public.leads"]!;
      delete leads.columns.zip_code;
      writeFileSync(join(dir, "meta", file), JSON.stringify(snapshot));
      expect(schemaDrift(dir)).toEqual(["table leads"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
