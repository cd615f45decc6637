import { ZWhoamiSchema } from "@leadpost/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../src/db/migrate";
import { buyers, companies, creditTransactions, forms, leads, users } from "../src/db/schema";
import { DEMO_PASSWORD } from "../src/db/seed/demo-data";
import { seedDemoIfEmpty } from "../src/db/seed/seed-demo";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("demo seed", () => {
  it("seeds an empty database once and leaves it alone afterwards", async () => {
    expect(await seedDemoIfEmpty(ctx.database, ctx.deps.logger)).toBe(true);
    expect(await seedDemoIfEmpty(ctx.database, ctx.deps.logger)).toBe(false);
    const db = ctx.database.db;
    const [companyCount] = await db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(1);
    const [formCount] = await db.select({ n: count() }).from(forms);
    const [leadCount] = await db.select({ n: count() }).from(leads);
    expect(formCount?.n).toBeGreaterThan(0);
    expect(leadCount?.n).toBeGreaterThan(0);
  });

  it("keeps each buyer's cached balance equal to the sum of its ledger", async () => {
    const db = ctx.database.db;
    for (const buyer of await db.select().from(buyers)) {
      const rows = await db.select().from(creditTransactions).where(eq(creditTransactions.buyerId, buyer.id));
      expect(buyer.creditBalance).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
    }
  });

  it("lets the README's demo logins sign in with the right workspaces", async () => {
    const owner = await signIn(ctx, "owner@leadpost.test", DEMO_PASSWORD);
    const ownerWho = ZWhoamiSchema.parse(await (await ctx.request("/api/whoami", { cookie: owner })).json());
    expect(ownerWho.roles.map((r) => r.role)).toEqual(["owner"]);
    expect(ownerWho.isBuyer).toBe(false);

    const buyer = await signIn(ctx, "buyer@leadpost.test", DEMO_PASSWORD);
    const buyerWho = ZWhoamiSchema.parse(await (await ctx.request("/api/whoami", { cookie: buyer })).json());
    expect(buyerWho.roles).toEqual([]);
    expect(buyerWho.isBuyer).toBe(true);
    expect(buyerWho.activeBuyerId).not.toBeNull();

    const admin = await signIn(ctx, "admin@leadpost.test", DEMO_PASSWORD);
    const adminWho = ZWhoamiSchema.parse(await (await ctx.request("/api/whoami", { cookie: admin })).json());
    expect(adminWho.isPlatformAdmin).toBe(true);
  });

  it("stores passwords as argon2id hashes, never in clear", async () => {
    const rows = await ctx.database.db.execute<{ password: string }>(
      "select password from accounts where provider_id = 'credential'" as never,
    );
    const list = (rows as unknown as { rows: { password: string }[] }).rows;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(r.password).toMatch(/^\$argon2id\$/);
    // Hashed one by one: every demo account has its own salt, hence its own hash.
    expect(list.length).toBeGreaterThan(1);
    expect(new Set(list.map((r) => r.password)).size).toBe(list.length);
    expect(new Set(list.map((r) => r.password.split("$")[4])).size).toBe(list.length);
    const [u] = await ctx.database.db.select().from(users).limit(1);
    expect(u?.email).toContain("@");
  });

  it("runs migrations again as a no-op", async () => {
    await expect(runMigrations(ctx.database)).resolves.toBeUndefined();
  });
});
