import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../src/db/client";
import { migrationsUpToDate, runMigrations } from "../src/db/migrate";
import { copyTemplateIfNew, installedPgliteVersion } from "../src/db/pglite-template";
import { buildPgliteTemplate } from "../src/db/pglite-template-build";
import { migrationsDir } from "../src/lib/paths";

// A new data folder starts from the build's pre-initialised database; an existing one is left alone.
describe("embedded database template", () => {
  const work = mkdtempSync(join(tmpdir(), "lp-template-"));
  const templateDir = join(work, "template");

  beforeAll(async () => {
    await buildPgliteTemplate(templateDir);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("gives a new data folder a working database with every migration and the job queue's schema", async () => {
    const dataDir = join(work, "fresh");
    const database = await openPglite(dataDir, { templateDir });
    try {
      expect(await migrationsUpToDate(database, migrationsDir())).toBe(true);
      await database.db.execute(sql`insert into companies (name) values ('Copied')`);
      const queue = await database.db.execute(sql`select to_regclass('pgboss.job') is not null as ok`);
      expect((queue as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok).toBe(true);
    } finally {
      await database.close();
    }
    expect(existsSync(join(templateDir, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${join(dataDir, "pglite")}.copying-${process.pid}`)).toBe(false);
  });

  it("leaves an existing database alone", async () => {
    const dataDir = join(work, "existing");
    const first = await openPglite(dataDir, { templateDir });
    await first.db.execute(sql`insert into companies (name) values ('Kept')`);
    await first.close();

    expect(copyTemplateIfNew(join(dataDir, "pglite"), templateDir)).toBe(false);
    const again = await openPglite(dataDir, { templateDir });
    try {
      const rows = await again.db.execute(sql`select name from companies`);
      expect((rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(["Kept"]);
    } finally {
      await again.close();
    }
  });

  it("copies nothing into a folder that holds files, or from a template of another PGlite version", () => {
    const busy = join(work, "busy");
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, "something"), "x");
    expect(copyTemplateIfNew(busy, templateDir)).toBe(false);
    expect(copyTemplateIfNew(join(work, "other-version"), templateDir, "0.0.1")).toBe(false);
    expect(existsSync(join(work, "other-version"))).toBe(false);
    expect(
      copyTemplateIfNew(join(work, "no-template"), join(work, "missing"), installedPgliteVersion()),
    ).toBe(false);
  });

  it("checks migrations with one query when nothing is pending, and applies them when something is", async () => {
    const database = await openPglite(null);
    try {
      let migrated = 0;
      const counting = {
        ...database,
        migrate: (...args: Parameters<typeof database.migrate>) => {
          migrated++;
          return database.migrate(...args);
        },
      };
      await runMigrations(counting);
      expect(migrated).toBe(1);
      await runMigrations(counting);
      expect(migrated).toBe(1);
    } finally {
      await database.close();
    }
  });
});
