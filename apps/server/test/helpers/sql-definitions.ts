import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Comments out: a name mentioned in a comment defines nothing. */
const withoutComments = (text: string) => text.replace(/--[^\n]*/g, "");

/** The functions a SQL text creates or replaces (by name; a pg_temp helper is left out). */
export function functionsDefinedIn(text: string): string[] {
  const found = withoutComments(text).matchAll(
    /create\s+(?:or\s+replace\s+)?function\s+(?:"?(\w+)"?\.)?"?(\w+)"?\s*\(/gi,
  );
  return [...found].filter((m) => m[1]?.toLowerCase() !== "pg_temp").map((m) => m[2]!.toLowerCase());
}

/** The triggers a SQL text creates or replaces. */
export function triggersDefinedIn(text: string): string[] {
  const found = withoutComments(text).matchAll(
    /create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+"?(\w+)"?/gi,
  );
  return [...found].map((m) => m[1]!.toLowerCase());
}

/** The functions a SQL text drops. */
export function functionsDroppedIn(text: string): string[] {
  const found = withoutComments(text).matchAll(/drop\s+function\s+(?:if\s+exists\s+)?"?(\w+)"?/gi);
  return [...found].map((m) => m[1]!.toLowerCase());
}

export type TMigration = { idx: number; tag: string; text: string };

/** The numbered migrations of a folder, from its journal, in order. */
export function readMigrations(folder: string): TMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((e) => ({ ...e, text: readFileSync(join(folder, `${e.tag}.sql`), "utf8") }));
}
