import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CATALOGUE, ERROR_CODES, errorStatus } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { AppError } from "../src/lib/app-error";

// The closed error catalogue (packages/shared domain/error-catalogue.ts, docs/api-errors.md): a throw
// names a code and the catalogue decides the status.
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const serverSrc = join(repoRoot, "apps/server/src");
const DOC = join(repoRoot, "docs/api-errors.md");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `file:line` of each match of pattern in the server's sources (multi-line aware). */
function findings(pattern: RegExp, allowed: string[] = []): string[] {
  return sourceFiles(serverSrc).flatMap((file) => {
    const path = relative(repoRoot, file);
    if (allowed.includes(path)) return [];
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(pattern)].map((m) => `${path}:${text.slice(0, m.index).split("\n").length}`);
  });
}

/** The page's table, generated from the catalogue. */
function catalogueTable() {
  const rows = ERROR_CODES.map((code) => {
    const { status, message } = ERROR_CATALOGUE[code];
    return `| \`${code}\` | ${status} | ${message} |`;
  });
  return ["| code | status | default message |", "| --- | --- | --- |", ...rows].join("\n");
}
const START =
  "<!-- generated:error-catalogue (UPDATE_DOCS=1 npx vitest run --project server apps/server/test/error-catalogue.test.ts) -->";
const END = "<!-- /generated:error-catalogue -->";

describe("error catalogue", () => {
  it("derives an AppError's status from its code, with the catalogue's message by default", () => {
    const err = new AppError("TWILIO_NOT_CONFIGURED");
    expect(err.status).toBe(409);
    expect(err.message).toBe(ERROR_CATALOGUE.TWILIO_NOT_CONFIGURED.message);
    expect(new AppError("NOT_FOUND", "No such buyer").message).toBe("No such buyer");
  });

  it("refuses, by type, a status chosen at the throw and a code outside the catalogue", () => {
    // @ts-expect-error a throw site cannot choose the status
    const withStatus = new AppError("NOT_FOUND", 404, "Not found");
    expect(withStatus.status).toBe(404);
    // @ts-expect-error only the catalogue's codes
    expect(() => new AppError("MADE_UP_CODE", "x")).toThrow();
  });

  it("has no throw site or error answer in the server that passes a status of its own", () => {
    expect(findings(/new AppError\(\s*[^,()]+,\s*\d{3}\b/g)).toEqual([]);
    expect(findings(/super\(\s*"[A-Z_]+",\s*\d{3}\b/g)).toEqual([]);
    // Error bodies leave through AppError or errorResponse, which take their status from the catalogue.
    expect(findings(/c\.json\(\s*errorBody\(/g, ["apps/server/src/plugins/errors.ts"])).toEqual([]);
  });

  it("gives each code that used to answer two statuses one code per status", () => {
    expect(errorStatus("NOT_CONFIGURED")).toBe(403);
    expect(errorStatus("TWILIO_NOT_CONFIGURED")).toBe(409);
    expect(errorStatus("PAYPAL_ERROR")).toBe(502);
    expect(errorStatus("SUBSCRIPTION_NOT_ACTIVE")).toBe(409);
  });

  it("is listed in docs/api-errors.md", () => {
    const doc = readFileSync(DOC, "utf8");
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, "docs/api-errors.md lacks the generated markers").toBeGreaterThan(-1);
    const current = doc.slice(start + START.length, end).trim();
    if (process.env.UPDATE_DOCS === "1" && current !== catalogueTable()) {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${catalogueTable()}\n${doc.slice(end)}`);
      return;
    }
    expect(current).toBe(catalogueTable());
  });
});
