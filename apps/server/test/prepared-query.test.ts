import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { preparedQuery } from "../src/db/prepared-query";
import { companies } from "../src/db/schema";
import { runAsCompany } from "../src/db/tenant-scope";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// A hot path's drizzle query is prepared once per handle; inside a company's request transaction it is
// made for that transaction (a query kept from there would run on a finished transaction, or, on the
// embedded database's one connection, wait for it forever).

let ctx: TTestContext;
let a: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let b: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCompanyWithOwner(ctx, "owner@prepared-a.test", "Prepared A");
  b = await createCompanyWithOwner(ctx, "owner@prepared-b.test", "Prepared B");
}, 60_000);
afterAll(() => ctx?.close());

describe("preparedQuery", () => {
  let builds = 0;
  const companyName = preparedQuery((db: Db) => {
    builds += 1;
    return db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, sql.placeholder("id")))
      .prepare("test_company_name");
  });

  it("builds once and runs with new values each time outside a company's transaction", async () => {
    const db = ctx.database.db;
    expect(await companyName(db).execute({ id: a.companyId })).toEqual([{ name: "Prepared A" }]);
    expect(await companyName(db).execute({ id: b.companyId })).toEqual([{ name: "Prepared B" }]);
    expect(builds).toBe(1);
  });

  it("inside a company's transaction, runs in it (its wall applies) and is not kept", async () => {
    const db = ctx.database.db;
    const seen = await runAsCompany(db, a.companyId, async () => ({
      own: await companyName(db).execute({ id: a.companyId }),
      other: await companyName(db).execute({ id: b.companyId }),
    }));
    // Row-level security inside A's transaction: B's company is not visible.
    expect(seen).toEqual({ own: [{ name: "Prepared A" }], other: [] });
    expect(builds).toBe(3);
    // The kept query still runs outside, after that transaction ended.
    expect(await companyName(db).execute({ id: b.companyId })).toEqual([{ name: "Prepared B" }]);
    expect(builds).toBe(3);
  });
});
