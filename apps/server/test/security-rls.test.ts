import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blockedCalls,
  buyers,
  callLogs,
  creditTransactions,
  forms,
  leads,
  niches,
  phoneNumbers,
} from "../src/db/schema";
import { currentTenant, runAsCompany } from "../src/db/tenant-scope";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The second wall: inside a company's scope, a query that forgets company_id sees only that company.

let ctx: TTestContext;
let a: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let b: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCompanyWithOwner(ctx, "owner@alpha.test", "Alpha");
  b = await createCompanyWithOwner(ctx, "owner@beta.test", "Beta");
  for (const [company, email] of [
    [a, "buyer@alpha.test"],
    [b, "buyer@beta.test"],
  ] as const) {
    const res = await ctx.request("/api/buyers", {
      method: "POST",
      cookie: company.cookie,
      json: { contactName: "Some Buyer", email },
    });
    expect(res.status).toBe(201);
    const form = await createPublishedForm(ctx, company.cookie);
    expect((await submit(ctx, form.id)).status).toBe(201);
  }
});
afterAll(() => ctx.close());

describe("row-level security", () => {
  it("hides another company's rows from queries without a company filter", async () => {
    const db = ctx.database.db;
    const seen = await runAsCompany(db, a.companyId, async () => ({
      tenant: currentTenant(),
      buyers: await db.select({ companyId: buyers.companyId }).from(buyers),
      forms: await db.select({ companyId: forms.companyId }).from(forms),
      leads: await db.select({ companyId: leads.companyId }).from(leads),
      niches: await db.select({ companyId: niches.companyId }).from(niches),
      byId: await db.select().from(niches).where(eq(niches.id, b.nicheId)),
      raw: await db.execute(sql`select count(*)::int as n from buyers where company_id = ${b.companyId}`),
    }));
    expect(seen.tenant).toBe(a.companyId);
    for (const list of [seen.buyers, seen.forms, seen.leads, seen.niches]) {
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((r) => r.companyId))).toEqual(new Set([a.companyId]));
    }
    expect(seen.byId).toEqual([]);
    expect((seen.raw as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The system context (workers, public submissions, webhooks) still sees every company.
    const all = await db.select({ companyId: buyers.companyId }).from(buyers);
    expect(new Set(all.map((r) => r.companyId))).toEqual(new Set([a.companyId, b.companyId]));
    expect(currentTenant()).toBeNull();
  });

  it("refuses writes into another company, and updates that forget the filter change nothing there", async () => {
    const db = ctx.database.db;
    await expect(
      runAsCompany(db, a.companyId, () =>
        db.insert(niches).values({ companyId: b.companyId, name: "Stolen", price: 1 }),
      ),
    ).rejects.toThrow();
    const changed = await runAsCompany(db, a.companyId, () =>
      db.update(niches).set({ price: 999 }).where(eq(niches.id, b.nicheId)).returning(),
    );
    expect(changed).toEqual([]);
    const [bNiche] = await db.select().from(niches).where(eq(niches.id, b.nicheId));
    expect(bNiche!.price).not.toBe(999);
    const grants = await runAsCompany(db, a.companyId, () => db.select().from(creditTransactions));
    expect(grants.every((g) => g.companyId === a.companyId)).toBe(true);
  });

  it("runs every company request in that company's scope (the role cannot see past it)", async () => {
    // A company route's queries all go through the scope: the owner of Alpha lists only Alpha's buyers,
    // and the database role the request runs as is the restricted one.
    const res = await ctx.request("/api/buyers", { cookie: a.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { buyers: { email: string }[] };
    expect(body.buyers.map((x) => x.email)).toEqual(["buyer@alpha.test"]);
    const role = await runAsCompany(ctx.database.db, a.companyId, () =>
      ctx.database.db.execute(sql`select current_user as u, current_setting('leadpost.company_id') as c`),
    );
    expect((role as unknown as { rows: { u: string; c: string }[] }).rows[0]).toEqual({
      u: "leadpost_app",
      c: a.companyId,
    });
  });

  it("walls the call center, call tracking, team invitations and backups too (migration 0016)", async () => {
    const db = ctx.database.db;
    for (const [company, n] of [
      [a, "1"],
      [b, "2"],
    ] as const) {
      await db
        .insert(phoneNumbers)
        .values({ companyId: company.companyId, phoneNumber: `+1555000000${n}`, type: "twilio" });
      await db.insert(blockedCalls).values({ companyId: company.companyId, phoneNumber: `+1720555000${n}` });
      await db
        .insert(callLogs)
        .values({ companyId: company.companyId, callSid: `CArls${n}`, status: "completed" });
    }
    const seen = await runAsCompany(db, a.companyId, async () => ({
      numbers: await db.select({ companyId: phoneNumbers.companyId }).from(phoneNumbers),
      blocked: await db.select({ companyId: blockedCalls.companyId }).from(blockedCalls),
      calls: await db.select({ companyId: callLogs.companyId }).from(callLogs),
    }));
    for (const rows of [seen.numbers, seen.blocked, seen.calls]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([a.companyId]));
    }
    await expect(
      runAsCompany(db, a.companyId, () =>
        db.insert(blockedCalls).values({ companyId: b.companyId, phoneNumber: "+17205559999" }),
      ),
    ).rejects.toThrow();
  });
});
