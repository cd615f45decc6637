import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../src/db/client";
import { applyFunctionFiles, readFunctionFiles, type TFunctionFile } from "../src/db/functions";
import { migrationsUpToDate, pendingWork, runMigrations } from "../src/db/migrate";
import { col, queryRows, rowOf } from "../src/db/raw";
import { functionsDir, migrationsDir } from "../src/lib/paths";
import {
  functionsDefinedIn,
  functionsDroppedIn,
  readMigrations,
  triggersDefinedIn,
} from "./helpers/sql-definitions";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";

/** The last numbered migration written before functions moved to db/functions/: later ones must not redefine them. */
const LAST_MIGRATION_BEFORE_FUNCTION_FILES = 33;

const files = readFunctionFiles();
const filedFunctions = new Set(files.flatMap((f) => functionsDefinedIn(f.text)));
const filedTriggers = new Set(files.flatMap((f) => triggersDefinedIn(f.text)));

/** Each function's body in a file (between its $$ quotes), by name. */
function bodiesOf(list: TFunctionFile[]): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const f of list) {
    for (const m of f.text.matchAll(
      /create\s+or\s+replace\s+function\s+(\w+)\s*\([\s\S]*?\$\$([\s\S]*?)\$\$/gi,
    )) {
      bodies.set(m[1]!.toLowerCase(), m[2]!);
    }
  }
  return bodies;
}

/** The functions and triggers that migrations after the move (re)define although a file holds them. */
function redefinitionsAfterTheMove(folder: string): string[] {
  return readMigrations(folder)
    .filter((m) => m.idx > LAST_MIGRATION_BEFORE_FUNCTION_FILES)
    .flatMap((m) => [
      ...functionsDefinedIn(m.text)
        .filter((name) => filedFunctions.has(name))
        .map((name) => `${m.tag} defines function ${name}`),
      ...triggersDefinedIn(m.text)
        .filter((name) => filedTriggers.has(name))
        .map((name) => `${m.tag} defines trigger ${name}`),
    ]);
}

/** A copy of the migrations folder with one more migration after the newest. */
function migrationsWithExtra(tag: string, text: string): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "leadpost-migrations-"));
  cpSync(migrationsDir(), dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const idx = Number(tag.slice(0, 4));
  const when = Math.max(...journal.entries.map((e) => e.when)) + 1000;
  journal.entries.push({ idx, when, tag, version: "7", breakpoints: true } as never);
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(dir, `${tag}.sql`), text);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("function files (db/functions)", () => {
  it("hold every function and trigger the migrations before the move created, one file per function", () => {
    const created = new Set<string>();
    const triggers = new Set<string>();
    for (const m of readMigrations(migrationsDir())) {
      if (m.idx > LAST_MIGRATION_BEFORE_FUNCTION_FILES) continue;
      for (const name of functionsDefinedIn(m.text)) created.add(name);
      for (const name of functionsDroppedIn(m.text)) created.delete(name);
      for (const name of triggersDefinedIn(m.text)) triggers.add(name);
    }
    expect([...created].filter((name) => !filedFunctions.has(name))).toEqual([]);
    expect([...triggers].filter((name) => !filedTriggers.has(name))).toEqual([]);
    for (const f of files) expect(functionsDefinedIn(f.text)).toEqual([f.name]);
  });

  it("are not redefined by a numbered migration after the move (the file is the current source)", () => {
    expect(redefinitionsAfterTheMove(migrationsDir())).toEqual([]);
    const extra = migrationsWithExtra(
      "0099_redefines",
      "CREATE OR REPLACE FUNCTION accept_submission(p jsonb) RETURNS jsonb LANGUAGE sql AS $$ select p $$;",
    );
    try {
      expect(redefinitionsAfterTheMove(extra.dir)).toEqual([
        "0099_redefines defines function accept_submission",
      ]);
    } finally {
      extra.dispose();
    }
  });
});

describe("function files in the database", () => {
  let database: TTestDatabase;
  let work: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    work = mkdtempSync(join(tmpdir(), "leadpost-functions-"));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  const installedBody = async (name: string) =>
    (
      await queryRows(
        database.db,
        rowOf({ src: col.text }),
        sql`select prosrc as src from pg_proc where proname = ${name} and pronamespace = 'public'::regnamespace`,
      )
    )[0]?.src;

  it("are installed as written and recorded by hash after the migrations", async () => {
    expect(await migrationsUpToDate(database, migrationsDir())).toBe(true);
    for (const [name, body] of bodiesOf(files)) expect(await installedBody(name), name).toBe(body);
    const triggers = await queryRows(
      database.db,
      rowOf({ name: col.text }),
      sql`select tgname as name from pg_trigger where not tgisinternal`,
    );
    expect(triggers.map((t) => t.name).sort()).toEqual([...filedTriggers].sort());
  });

  it("apply a changed file alone, once, and forget a file that is gone", async () => {
    const dir = join(work, "changed");
    cpSync(functionsDir(), dir, { recursive: true });
    const path = join(dir, "leadpost_notify_routing_wake.sql");
    writeFileSync(path, readFileSync(path, "utf8").replace("pg_notify('routing_wake', '')", "NULL"));
    rmSync(join(dir, "lock_wallet.sql"));
    const changed = readFunctionFiles(dir);
    expect(await pendingWork(database, migrationsDir(), changed)).toEqual({
      migrations: false,
      functions: true,
    });

    expect(await applyFunctionFiles(database.db, changed, { all: false })).toEqual([
      "leadpost_notify_routing_wake",
    ]);
    expect(await installedBody("leadpost_notify_routing_wake")).toContain("PERFORM NULL");
    expect(await pendingWork(database, migrationsDir(), changed)).toEqual({
      migrations: false,
      functions: false,
    });
    expect(await applyFunctionFiles(database.db, changed, { all: false })).toEqual([]);

    // Back to the files as they are: the routing wake is applied again, lock_wallet only recorded again.
    await runMigrations(database);
    expect(await installedBody("leadpost_notify_routing_wake")).toContain("pg_notify('routing_wake', '')");
    expect(await migrationsUpToDate(database, migrationsDir())).toBe(true);
  });

  it("win over a later numbered migration that redefines their function", async () => {
    const extra = migrationsWithExtra(
      "0099_redefines",
      `CREATE OR REPLACE FUNCTION leadpost_notify_routing_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RETURN NULL; END $$;`,
    );
    try {
      await runMigrations(database, { migrations: extra.dir, functions: functionsDir() });
      expect(await installedBody("leadpost_notify_routing_wake")).toBe(
        bodiesOf(files).get("leadpost_notify_routing_wake"),
      );
    } finally {
      extra.dispose();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)("function files on PostgreSQL, two instances starting at once", () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.dispose());

  it("are applied once, under the migrations' lock", async () => {
    const second = openPostgres(database.url!, 2);
    try {
      await Promise.all([runMigrations(database), runMigrations(second)]);
      const recorded = await queryRows(
        database.db,
        rowOf({ name: col.text, n: col.number }),
        sql`select name, count(*)::int as n from drizzle.__leadpost_functions group by name order by name`,
      );
      expect(recorded).toEqual(files.map((f) => ({ name: f.name, n: 1 })));
      expect(await migrationsUpToDate(second, migrationsDir())).toBe(true);
    } finally {
      await second.close();
    }
  }, 120_000);
});
