import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/raw";
import { col, rowOf } from "../src/db/rows";
import { createBuyerWithUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, submitAndRoute } from "./helpers/forms";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

/**
 * Another company's ids sent to every operation of the served OpenAPI document that takes an id: one id
 * of each kind of row the first company owns (every table with a company column), its owner's user id
 * too. The second company's owner, buyer and API key must get a refusal (4xx) and none of the first company's data, from
 * every method; a body, where the operation takes one, is `{}` (a change of nothing still names the row).
 * Operations the document declares public (a public form, a company's sign-up branding) show what they
 * show to anyone, and are left out.
 */
const FIRST = "Isolated Roofing Co";

let ctx: TTestContext;
/** The second company's callers: its owner, its buyer, its API key (as request headers). */
const second: Record<string, Record<string, string>> = {};
const firstIds: { table: string; id: string }[] = [];
let operations: { method: string; path: string; hasBody: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const first = await createCompanyWithOwner(ctx, "owner@first-sweep.test", FIRST);
  const form = await createPublishedForm(ctx, first.cookie, { title: `${FIRST} quote` });
  await createBuyerWithUser(ctx, first, "buyer@first-sweep.test");
  await submitAndRoute(ctx, form.id);
  // A row of each other kind the first company can make by the API.
  const creates: [string, unknown][] = [
    ["/api/calls/blocked-numbers", { phoneNumber: "(303) 555-0177" }],
    ["/api/calls/routing-numbers", { label: "Office", phoneNumber: "+13035550001" }],
    ["/api/calls/phone-numbers", { phoneNumber: "+15557770001", type: "twilio", description: "Main line" }],
    ["/api/calls/agents", { name: "Ada Agent", phoneNumber: "+13035550155" }],
    [
      "/api/call-tracking/dni-numbers",
      { phoneNumber: "+15554000001", staticNumber: "(555) 123-4567", source: "google" },
    ],
    ["/api/settings/api-keys", { name: "CRM", environment: "production" }],
    ["/api/settings/team/invitations", { email: "colleague@first-sweep.test", role: "member" }],
    ["/api/buyers/invite", { email: "invited@first-sweep.test", nicheId: first.nicheId }],
  ];
  for (const [path, json] of creates) {
    const res = await ctx.request(path, { method: "POST", cookie: first.cookie, json });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  }
  const other = await createCompanyWithOwner(ctx, "owner@second-sweep.test", "Second Sweep Co");
  second.owner = { cookie: other.cookie };
  await createBuyerWithUser(ctx, other, "buyer@second-sweep.test");
  second.buyer = { cookie: await signInBuyer(ctx, "buyer@second-sweep.test") };
  const key = await ctx.request("/api/settings/api-keys", {
    method: "POST",
    cookie: other.cookie,
    json: { name: "Sweep", environment: "production" },
  });
  second["API key"] = { authorization: `Bearer ${((await key.json()) as { secret: string }).secret}` };

  // One row of each table holding the first company's rows, read past row-level security.
  const db = ctx.database.db;
  const tables = await queryRows(
    db,
    rowOf({ table_name: col.text }),
    sql`
    select c.table_name from information_schema.columns c
      join information_schema.columns k on k.table_name = c.table_name and k.table_schema = c.table_schema
     where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'
       and k.column_name = 'company_id'`,
  );
  for (const { table_name: table } of tables) {
    const rows = await queryRows(
      db,
      rowOf({ id: col.text }),
      sql`select id::text as id from ${sql.identifier(table)} where company_id = ${first.companyId} limit 1`,
    );
    for (const { id } of rows) firstIds.push({ table, id });
  }
  firstIds.push({ table: "users", id: first.userId }, { table: "companies", id: first.companyId });

  const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.includes("{"))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length !== 0)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          hasBody: op.requestBody !== undefined,
        })),
    );
}, 120_000);
afterAll(() => ctx.close());

describe("another company's ids", () => {
  it.each(["owner", "buyer", "API key"])(
    "are refused by every operation, with none of its data, for its %s",
    async (caller) => {
      expect(firstIds.length).toBeGreaterThan(15);
      expect(operations.length).toBeGreaterThan(80);
      const leaks: string[] = [];
      for (const { method, path, hasBody } of operations) {
        for (const { table, id } of firstIds) {
          const res = await ctx.request(path.replace(/\{[^}]+\}/g, id), {
            method,
            headers: {
              ...second[caller],
              origin: TEST_ORIGIN,
              ...(hasBody ? { "content-type": "application/json" } : {}),
            },
            body: hasBody ? "{}" : undefined,
          });
          const text = await res.text();
          const shown =
            firstIds.find((other) => text.includes(other.id)) ?? (text.includes(FIRST) ? FIRST : null);
          if (res.status < 400 || res.status >= 500 || shown)
            leaks.push(
              `${method} ${path} with a ${table} id → ${res.status}${shown ? ", shows the first company's data" : ""}`,
            );
        }
      }
      expect(leaks).toEqual([]);
    },
    300_000,
  );
});
