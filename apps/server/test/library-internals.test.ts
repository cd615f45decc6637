import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md, "Library adapters": the apps' code reaches drizzle-orm's and better-auth's
// internals only through their adapter, and never silences the type checker with `as unknown as`.
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const appSources = () =>
  readdirSync(join(repoRoot, "apps")).flatMap((app) => {
    const src = join(repoRoot, "apps", app, "src");
    try {
      return sourceFiles(src);
    } catch {
      return [];
    }
  });

/** `file:line` of every line matching pattern in the apps' sources, but in the files allowed. */
function findings(pattern: RegExp, allowed: string[] = []): string[] {
  return appSources().flatMap((file) => {
    const path = relative(repoRoot, file);
    if (allowed.includes(path)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}`] : []));
  });
}

const DRIZZLE_ADAPTER = "apps/server/src/db/drizzle-adapter.ts";
const BETTER_AUTH_ADAPTER = "apps/server/src/lib/better-auth-adapter.ts";

describe("library internals", () => {
  it("finds its patterns (the scan reads the apps' sources)", () => {
    expect(appSources().length).toBeGreaterThan(100);
    expect(findings(/internalAdapter/)).toContain(
      `${BETTER_AUTH_ADAPTER}:${lineOf(BETTER_AUTH_ADAPTER, "internalAdapter")}`,
    );
  });

  it("has no `as unknown as` in the apps' sources", () => {
    expect(findings(/\bas unknown as\b/)).toEqual([]);
  });

  it("uses drizzle-orm's sessions, dialect and drivers only in its adapter", () => {
    const internals =
      /NodePgSession|NodePgTransaction|PgliteSession|prepareQuery|sqlToQuery|\._\.session|\bdialect\b|from "drizzle-orm\/(node-postgres|pglite)"/;
    expect(findings(internals, [DRIZZLE_ADAPTER])).toEqual([]);
  });

  it("uses better-auth's store and context only in its adapter", () => {
    // A plugin endpoint's own ctx.context (cookies, secret) is better-auth's plugin API; its store
    // (internalAdapter) and the instance's $context are not.
    expect(findings(/internalAdapter|\$context|sessionConfig/, [BETTER_AUTH_ADAPTER])).toEqual([]);
  });
});

function lineOf(path: string, text: string): number {
  return (
    readFileSync(join(repoRoot, path), "utf8")
      .split("\n")
      .findIndex((line) => line.includes(text)) + 1
  );
}
