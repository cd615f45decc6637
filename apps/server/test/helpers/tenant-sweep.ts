import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/raw";
import { col, rowOf } from "../../src/db/rows";
import { createBuyerWithUser, signInBuyer } from "./buyer-portal";
import { createCompanyWithOwner } from "./fixtures";
import { createPublishedForm, submitAndRoute } from "./forms";
import { TEST_ORIGIN, type TTestContext } from "./test-app";

/** The first company's name: no answer to the second company may hold it. */
export const FIRST_COMPANY = "Isolated Roofing Co";

export type TOpenApiSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  properties?: Record<string, TOpenApiSchema>;
  items?: TOpenApiSchema;
  anyOf?: TOpenApiSchema[];
};
export type TOpenApiOperation = {
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: TOpenApiSchema }> };
};
export type TOpenApiDocument = { paths: Record<string, Record<string, TOpenApiOperation>> };

export type TTwoCompanies = {
  /** One id of each kind of row the first company owns (every table with a company column), its owner and itself. */
  firstIds: { table: string; id: string }[];
  firstCompanyId: string;
  /** The second company's callers as request headers: its owner, its buyer, its API key. */
  second: Record<"owner" | "buyer" | "API key", Record<string, string>>;
  /** The second company's own rows, by the path parameter that names them. */
  secondOwn: Record<string, string>;
  doc: TOpenApiDocument;
};

// Rows of each other kind the first company can make by the API.
const FIRST_COMPANY_ROWS: [string, Record<string, unknown>][] = [
  ["/api/calls/blocked-numbers", { phoneNumber: "(303) 555-0177" }],
  ["/api/calls/routing-numbers", { label: "Office", phoneNumber: "+13035550001" }],
  ["/api/calls/agents", { name: "Ada Agent", phoneNumber: "+13035550155" }],
  [
    "/api/call-tracking/dni-numbers",
    { phoneNumber: "+15554000001", staticNumber: "(555) 123-4567", source: "google" },
  ],
  ["/api/settings/api-keys", { name: "CRM", environment: "production" }],
  ["/api/settings/team/invitations", { email: "colleague@first-sweep.test", role: "member" }],
];

async function post(ctx: TTestContext, cookie: string, path: string, json: unknown) {
  const res = await ctx.request(path, { method: "POST", cookie, json });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Two companies for the tenant sweeps: the first with a row of every kind the API can make (a published
 * form with a routed lead, a buyer with an account, calls, DNI, an API key, invitations), the second with
 * its own form, lead, buyer, phone number and callers.
 */
export async function setUpTwoCompanies(ctx: TTestContext): Promise<TTwoCompanies> {
  const first = await createCompanyWithOwner(ctx, "owner@first-sweep.test", FIRST_COMPANY);
  const form = await createPublishedForm(ctx, first.cookie, { title: `${FIRST_COMPANY} quote` });
  await createBuyerWithUser(ctx, first, "buyer@first-sweep.test");
  await submitAndRoute(ctx, form.id);
  const phone = { phoneNumber: "+15557770001", type: "twilio", description: "Main line" };
  await post(ctx, first.cookie, "/api/calls/phone-numbers", phone);
  await post(ctx, first.cookie, "/api/buyers/invite", {
    email: "invited@first-sweep.test",
    nicheId: first.nicheId,
  });
  for (const [path, json] of FIRST_COMPANY_ROWS) await post(ctx, first.cookie, path, json);

  const other = await createCompanyWithOwner(ctx, "owner@second-sweep.test", "Second Sweep Co");
  const otherForm = await createPublishedForm(ctx, other.cookie);
  const otherBuyer = await createBuyerWithUser(ctx, other, "buyer@second-sweep.test");
  await submitAndRoute(ctx, otherForm.id);
  const { phoneNumber: otherPhone } = (await post(ctx, other.cookie, "/api/calls/phone-numbers", {
    ...phone,
    phoneNumber: "+15557770002",
  })) as { phoneNumber: { id: string } };
  const key = await post(ctx, other.cookie, "/api/settings/api-keys", {
    name: "Sweep",
    environment: "production",
  });

  const db = ctx.database.db;
  const [otherLead] = await queryRows(
    db,
    rowOf({ id: col.text }),
    sql`select id::text as id from leads where company_id = ${other.companyId} limit 1`,
  );
  const firstIds: TTwoCompanies["firstIds"] = [];
  for (const table of await companyTables(ctx, true)) {
    const rows = await queryRows(
      db,
      rowOf({ id: col.text }),
      sql`select id::text as id from ${sql.identifier(table)} where company_id = ${first.companyId} limit 1`,
    );
    for (const { id } of rows) firstIds.push({ table, id });
  }
  firstIds.push({ table: "users", id: first.userId }, { table: "companies", id: first.companyId });

  return {
    firstIds,
    firstCompanyId: first.companyId,
    second: {
      owner: { cookie: other.cookie },
      buyer: { cookie: await signInBuyer(ctx, "buyer@second-sweep.test") },
      "API key": { authorization: `Bearer ${key.secret as string}` },
    },
    secondOwn: {
      formId: otherForm.id,
      buyerId: otherBuyer.id,
      leadId: otherLead!.id,
      id: otherPhone.id,
    },
    doc: (await (await ctx.request("/api/openapi.json")).json()) as TOpenApiDocument,
  };
}

/** The tables with a company column (with `withId`, only those whose rows have a uuid id). */
async function companyTables(ctx: TTestContext, withId: boolean): Promise<string[]> {
  const rows = await queryRows(
    ctx.database.db,
    rowOf({ table_name: col.text }),
    sql`select distinct k.table_name from information_schema.columns k
         where k.table_schema = 'public' and k.column_name = 'company_id'
           and (not ${withId} or exists (
             select 1 from information_schema.columns c
              where c.table_schema = k.table_schema and c.table_name = k.table_name
                and c.column_name = 'id' and c.data_type = 'uuid'))
         order by 1`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Every row of a company, as text, table by table (and the company's own row): equal before and after
 * a sweep when nothing of it changed.
 */
export async function companySnapshot(ctx: TTestContext, companyId: string): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const row = rowOf({ rows: col.text });
  for (const table of await companyTables(ctx, false)) {
    const [found] = await queryRows(
      ctx.database.db,
      row,
      sql`select coalesce(string_agg(t::text, E'\n' order by t::text), '') as rows
            from ${sql.identifier(table)} t where company_id = ${companyId}`,
    );
    snapshot[table] = found?.rows ?? "";
  }
  const [company] = await queryRows(
    ctx.database.db,
    row,
    sql`select c::text as rows from companies c where id = ${companyId}`,
  );
  snapshot.companies = company?.rows ?? "";
  return snapshot;
}

/** Whether an answer shows the first company's data: one of its ids, or its name. */
function shownOfFirst(text: string, firstIds: TTwoCompanies["firstIds"]): string | null {
  return (
    firstIds.find((row) => text.includes(row.id))?.table ?? (text.includes(FIRST_COMPANY) ? "name" : null)
  );
}

/**
 * Sends each request as one of the second company's callers, with one first-company id after another
 * (`build` makes the address and body for an id); answers every request not refused with 4xx, or that
 * shows the first company's data.
 */
export async function unrefused(
  ctx: TTestContext,
  two: TTwoCompanies,
  caller: keyof TTwoCompanies["second"],
  requests: { method: string; path: string; build: (id: string) => { url: string; body?: string } }[],
): Promise<string[]> {
  const leaks: string[] = [];
  for (const { method, path, build } of requests) {
    for (const { table, id } of two.firstIds) {
      const { url, body } = build(id);
      const res = await ctx.request(url, {
        method,
        headers: {
          ...two.second[caller],
          origin: TEST_ORIGIN,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body,
      });
      const shown = shownOfFirst(await res.text(), two.firstIds);
      if (res.status < 400 || res.status >= 500 || shown)
        leaks.push(
          `${method} ${path} with a ${table} id → ${res.status}${shown ? `, shows its ${shown}` : ""}`,
        );
    }
  }
  return leaks;
}
