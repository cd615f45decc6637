import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { col, queryRows, rowOf } from "../src/db/raw";
import { columnNames } from "../src/db/row-json";
import { leads } from "../src/db/schema";
import { functionsDir } from "../src/lib/paths";
import { acceptLeadJson } from "../src/modules/lead-distribution/intake/accept";
import { leadFromSubmission } from "../src/modules/lead-distribution/intake/lead-of-submission";
import { createTestDatabase, type TTestDatabase } from "./helpers/test-database";

/**
 * The lead has three shapes that must agree: the drizzle table, the JSON the accept path sends
 * (acceptLeadJson, keyed by the table's column names) and the insert inside accept_submission. A renamed
 * column fails here, not on the first public submission.
 */
const acceptSql = readFileSync(join(functionsDir(), "accept_submission.sql"), "utf8").replace(
  /--[^\n]*/g,
  "",
);

/** The JSON's keys, whatever the answers: every property acceptLeadJson sends. */
const sentKeys = Object.keys(
  acceptLeadJson(
    leadFromSubmission({
      leadId: "l",
      companyId: "c",
      formId: "f",
      submissionId: "s",
      nicheId: null,
      saleCap: 1,
      fields: [],
      answers: {},
    }),
  ),
).sort();

/** Splits a parenthesised list at its top-level commas. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      items.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

const keysRead = (text: string) => [...text.matchAll(/v_lead\s*->>?\s*'(\w+)'/g)].map((m) => m[1]!);

/** What disagrees between the function's text, the keys sent and the table's columns (empty: they agree). */
function leadShapeProblems(text: string, sent: string[], columns: string[]): string[] {
  const insert = /insert\s+into\s+leads\s*\(([^)]*)\)\s*values\s*\(([\s\S]*?)\);/i.exec(text);
  if (!insert) return ["accept_submission has no INSERT INTO leads (…) VALUES (…)"];
  const targets = topLevelItems(insert[1]!);
  const values = topLevelItems(insert[2]!);
  const problems: string[] = [];
  if (targets.length !== values.length) {
    problems.push(`the insert names ${targets.length} columns and ${values.length} values`);
  }
  targets.forEach((column, i) => {
    if (!columns.includes(column)) problems.push(`the insert names ${column}, which the leads table lacks`);
    for (const key of keysRead(values[i] ?? "")) {
      if (key !== column) problems.push(`the insert puts the lead's ${key} into ${column}`);
    }
  });
  const stored = keysRead(insert[2]!);
  for (const key of sent) {
    if (!stored.includes(key)) problems.push(`the service sends ${key}, which the insert does not store`);
  }
  for (const key of keysRead(text)) {
    if (!sent.includes(key)) problems.push(`the function reads ${key}, which the service does not send`);
  }
  return [...new Set(problems)];
}

describe("the accept path's lead shape", () => {
  const tableColumns = Object.values(columnNames(leads));

  it("sends the leads table's column names as keys", () => {
    expect(sentKeys.length).toBeGreaterThan(10);
    for (const key of sentKeys) expect(tableColumns).toContain(key);
    expect(sentKeys).toContain("zip_code");
  });

  it("is read by accept_submission into the same-named columns, every key sent stored", () => {
    expect(leadShapeProblems(acceptSql, sentKeys, tableColumns)).toEqual([]);
  });

  it("is caught drifting: a renamed column, a key put into another column, a key no longer sent", () => {
    const renamed = tableColumns.map((c) => (c === "zip_code" ? "postal_code" : c));
    expect(leadShapeProblems(acceptSql, sentKeys, renamed)).toContain(
      "the insert names zip_code, which the leads table lacks",
    );
    const swapped = acceptSql.replace("v_lead->>'city',", "v_lead->>'state',");
    expect(leadShapeProblems(swapped, sentKeys, tableColumns)).toContain(
      "the insert puts the lead's state into city",
    );
    const notSent = sentKeys.filter((k) => k !== "service_type");
    expect(leadShapeProblems(acceptSql, notSent, tableColumns)).toContain(
      "the function reads service_type, which the service does not send",
    );
  });
});

describe("the accept path's lead shape in the database", () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("inserts only columns the migrated leads table has", async () => {
    const rows = await queryRows(
      database.db,
      rowOf({ name: col.text }),
      sql`select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = 'leads'`,
    );
    const columns = rows.map((r) => r.name);
    expect(leadShapeProblems(acceptSql, sentKeys, columns)).toEqual([]);
  });
});
