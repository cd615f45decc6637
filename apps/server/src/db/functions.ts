import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { functionsDir } from "../lib/paths";
import type { Db } from "./client";
import { col, queryRows, rowOf } from "./raw";

/**
 * The database's functions and triggers as source (docs/architecture.md "Database"): each lives in one
 * file of `apps/server/db/functions/`, its current definition, written so that running it again replaces
 * it (`CREATE OR REPLACE FUNCTION`, `CREATE OR REPLACE TRIGGER`). After the numbered migrations, a file
 * is applied when its content differs from the one last applied, recorded by name and sha256 in
 * APPLIED_TABLE (beside drizzle's own record of numbered migrations, outside the application's schema).
 */
export type TFunctionFile = { name: string; text: string; sha256: string };

const APPLIED_TABLE = "drizzle.__leadpost_functions";

/** The files in name order, each with the hash of its content. */
export function readFunctionFiles(dir = functionsDir()): TFunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      return { name: file.slice(0, -4), text, sha256: createHash("sha256").update(text).digest("hex") };
    });
}

/** True when the recorded hashes (name → sha256) are exactly the files': nothing to apply, nothing to forget. */
export function functionsUpToDate(files: TFunctionFile[], recorded: Record<string, string>): boolean {
  return files.length === Object.keys(recorded).length && files.every((f) => recorded[f.name] === f.sha256);
}

/** What the start-up check selects beside the newest migration: the recorded hashes as one JSON text. */
export const recordedHashesQuery = sql.raw(
  `(select coalesce(json_object_agg(name, sha256), '{}'::json)::text from ${APPLIED_TABLE})`,
);

/** A file's statements, split where drizzle's migrations split theirs; comment-only pieces are dropped. */
export function statementsOf(text: string): string[] {
  return text
    .split("--> statement-breakpoint")
    .filter((part) => part.split("\n").some((line) => line.trim() !== "" && !line.trim().startsWith("--")));
}

/**
 * Applies, in one transaction, every file whose content changed since it was last applied (every file
 * when `all`: a numbered migration just ran and may have replaced a function, and the file must win),
 * and forgets the record of a file that is gone. Runs under the migrations' lock. Returns the names applied.
 */
export async function applyFunctionFiles(
  db: Db,
  files: TFunctionFile[],
  opts: { all: boolean },
): Promise<string[]> {
  await db.execute(sql.raw("create schema if not exists drizzle"));
  await db.execute(
    sql.raw(`create table if not exists ${APPLIED_TABLE} (
      name text primary key, sha256 text not null, applied_at timestamptz not null default now())`),
  );
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      rowOf({ name: col.text, sha256: col.text }),
      sql`select name, sha256 from ${sql.raw(APPLIED_TABLE)}`,
    );
    const recorded = new Map(rows.map((r) => [r.name, r.sha256]));
    const applied: string[] = [];
    for (const file of files) {
      if (!opts.all && recorded.get(file.name) === file.sha256) continue;
      for (const statement of statementsOf(file.text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`
        insert into ${sql.raw(APPLIED_TABLE)} (name, sha256) values (${file.name}, ${file.sha256})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`);
      applied.push(file.name);
    }
    const names = new Set(files.map((f) => f.name));
    for (const gone of [...recorded.keys()].filter((name) => !names.has(name))) {
      await tx.execute(sql`delete from ${sql.raw(APPLIED_TABLE)} where name = ${gone}`);
    }
    return applied;
  });
}
