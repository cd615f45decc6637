import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH_ROWS, exportLeadsCsv } from "../src/modules/leads/export";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The CSV export of a large company streams with flat memory (issue 26): the leads are made by SQL,
// then the export is read part by part while the heap is sampled. The memory it holds must not grow
// with the number of leads: the peak growth over the heap at the start is compared between a company
// of SMALL leads and one of LARGE (50,000 here, five times as many: the test was most of a minute of
// CI at 100,000; `bench/million.mjs` measures the server's memory over the export of 1,000,000, and
// EXPORT_MEMORY_LEADS=1000000 runs this test at that size). An export that held its rows would grow
// by about 45 MB at 50,000 leads (checked: an export keeping each batch's rows grew 47 MB, against the
// 16 MB allowed over the small company's figure). PostgreSQL only: the embedded database holds its tables
// in the same process, so its own memory would be measured too.
const SMALL = 10_000;
const LARGE = Number(process.env.EXPORT_MEMORY_LEADS ?? 50_000);
const ALLOWED_GROWTH_MB = 16;

// A full collection before each sample, so the heap measured is what the export holds, not garbage
// the collector has not come to yet.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const heapHeld = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

let ctx: TTestContext;
let companyId: string;
let userId: string;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  ctx = await createTestContext();
  const owner = await createCompanyWithOwner(ctx, "owner@export-memory.test", "Export Memory");
  companyId = owner.companyId;
  userId = owner.userId;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** The company's leads, made by SQL (n in all): answers like a form's, times spread over two years. */
async function leadsInAll(n: number) {
  await ctx.database.db.execute(sql`
    insert into leads (company_id, name, email, phone, city, state, zip_code, data, answers, status, created_at)
    select ${companyId}::uuid, 'Lead ' || g, 'lead' || g || '@export.test', '303555' || lpad((g % 10000)::text, 4, '0'),
           'Denver', 'CO', '80202',
           jsonb_build_object('Name', 'Lead ' || g, 'Notes', '=cmd|' || g),
           jsonb_build_array(
             jsonb_build_object('fieldId', 'f-name', 'label', 'Name', 'type', 'text', 'value', 'Lead ' || g),
             jsonb_build_object('fieldId', 'f-notes', 'label', 'Notes', 'type', 'textarea',
                                'value', '=cmd|' || g || ', call after 5 pm, gate code ' || g)),
           'routed', now() - make_interval(secs => g * 60)
      from generate_series((select count(*) from leads where company_id = ${companyId}::uuid) + 1, ${n}::int) g`);
  await ctx.database.db.execute(sql`analyze leads`);
}

/** Reads the whole export; the peak growth (MB) of the heap it holds, sampled every part, and what it read. */
async function exportMeasured() {
  const context = { userId, email: "owner@export-memory.test", companyId, role: "owner" as const };
  const start = heapHeld();
  let peak = start;
  let rows = -1; // the header
  let largestPart = 0;
  let neutralised = 0;
  for await (const part of exportLeadsCsv(ctx.deps, context, {})) {
    const lines = part.split("\r\n").length - 1;
    rows += lines;
    if (rows > 0) largestPart = Math.max(largestPart, lines);
    neutralised += part.split("\"'=cmd|").length - 1;
    peak = Math.max(peak, heapHeld());
  }
  return { growthMb: (peak - start) / 2 ** 20, rows, largestPart, neutralised };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("CSV export of a large company", () => {
  it(`streams ${LARGE.toLocaleString("en-US")} leads with the memory it takes for ${SMALL.toLocaleString("en-US")}`, async () => {
    await leadsInAll(SMALL);
    const small = await exportMeasured();
    await leadsInAll(LARGE);
    const large = await exportMeasured();

    expect(small.rows).toBe(SMALL);
    expect(large.rows).toBe(LARGE);
    // Every row was escaped and neutralised as before: the answer starting a formula got its quote.
    expect(large.neutralised).toBe(LARGE);
    // The stream holds one batch at a time, and its heap does not grow with the company.
    expect(large.largestPart).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
    expect(large.growthMb).toBeLessThan(small.growthMb + ALLOWED_GROWTH_MB);
  }, 600_000);
});
