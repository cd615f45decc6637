import { type TLeadDetail, ZWhoamiSchema } from "@leadpost/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../src/db/migrate";
import {
  buyerLeads,
  buyers,
  companies,
  creditLotAllocations,
  creditTransactions,
  emailMessages,
  forms,
  leadRoutingDecisions,
  leads,
  newLeadNotices,
  users,
} from "../src/db/schema";
import { DEMO_PASSWORD } from "../src/db/seed/demo-data";
import { seedDemoIfEmpty } from "../src/db/seed/seed-demo";
import { leadHolders } from "./helpers/lead-holders";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("demo seed", () => {
  it("seeds an empty database once and leaves it alone afterwards", async () => {
    expect(await seedDemoIfEmpty(ctx.deps)).toBe(true);
    expect(await seedDemoIfEmpty(ctx.deps)).toBe(false);
    const db = ctx.database.db;
    const [companyCount] = await db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(1);
    const [formCount] = await db.select({ n: count() }).from(forms);
    const [leadCount] = await db.select({ n: count() }).from(leads);
    expect(formCount?.n).toBeGreaterThan(0);
    expect(leadCount?.n).toBeGreaterThan(0);
  });

  it("sends no e-mail: no new-lead notice is stored, sent or left for the sweep", async () => {
    const db = ctx.database.db;
    // The demo leads reached buyers (previews, deliveries), yet nobody is mailed about them.
    const [held] = await db.select({ n: count() }).from(buyerLeads);
    expect(held?.n).toBeGreaterThan(0);
    expect(await db.select().from(emailMessages)).toEqual([]);
    expect(await db.select().from(newLeadNotices)).toEqual([]);
  });

  it("keeps each buyer's cached balance equal to the sum of its ledger", async () => {
    const db = ctx.database.db;
    for (const buyer of await db.select().from(buyers)) {
      const rows = await db.select().from(creditTransactions).where(eq(creditTransactions.buyerId, buyer.id));
      expect(buyer.creditBalance).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
    }
  });

  it("routes every demo lead through routing: each lead has its routing decisions", async () => {
    const db = ctx.database.db;
    const all = await db.select().from(leads);
    expect(all.filter((l) => l.status === "new")).toEqual([]);
    // The two demo leads no buyer serves are unrouted (left for manual assignment), never "Routed".
    expect(
      all
        .filter((l) => l.status === "unrouted")
        .map((l) => l.name)
        .sort(),
    ).toEqual(["Greg Hall", "Hannah Wu"]);
    let previews = 0;
    const owner = await signIn(ctx, "owner@leadpost.test", DEMO_PASSWORD);
    for (const lead of all) {
      const stored = (
        await db.select().from(leadRoutingDecisions).where(eq(leadRoutingDecisions.leadId, lead.id))
      ).flatMap((row) => row.reasons);
      expect(stored.length, `${lead.name} has routing decisions`).toBeGreaterThan(0);
      // Whatever a buyer holds of the lead, routing (or a purchase of what routing offered) decided it.
      // Previews are derived on read: the lead's holders include the buyers that see it as a preview,
      // and the lead detail lists their reasons (made when read, docs/routing.md step 6).
      const detail = (await (
        await ctx.request(`/api/leads/${lead.id}`, { cookie: owner })
      ).json()) as TLeadDetail;
      const held = await leadHolders(db, lead.id);
      previews += held.filter((h) => h.isPreview).length;
      for (const entry of held) {
        expect(
          detail.routingDecisions.some((d) => d.buyer?.id === entry.buyerId && d.outcome !== "none"),
          `${lead.name}: a decision for each buyer holding it`,
        ).toBe(true);
      }
      expect(lead.routedAt?.getTime()).toBe(lead.createdAt.getTime());
    }
    // Dated to their arrival, the demo leads are still the demo buyers' previews.
    expect(previews).toBeGreaterThan(0);
  });

  it("books the demo buyer's unlock as a real purchase: a consume entry covered by its lot allocations", async () => {
    const db = ctx.database.db;
    const [demo] = await db.select().from(buyers).where(eq(buyers.email, "buyer@leadpost.test"));
    const unlocked = await db
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, demo!.id), eq(buyerLeads.isPreview, false)));
    expect(unlocked.map((e) => e.acquiredVia)).toEqual(["credits"]);
    const consumes = await db
      .select()
      .from(creditTransactions)
      .where(
        and(eq(creditTransactions.buyerId, demo!.id), eq(creditTransactions.transactionType, "consume")),
      );
    expect(consumes).toHaveLength(1);
    const allocated = await db
      .select()
      .from(creditLotAllocations)
      .where(eq(creditLotAllocations.debitTransactionId, consumes[0]!.id));
    expect(allocated.reduce((sum, a) => sum + a.amount, 0)).toBe(-consumes[0]!.amount);
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

  it("gives the demo company one plan that reads the same on Settings, Team, Subscribers and the API", async () => {
    const owner = await signIn(ctx, "owner@leadpost.test", DEMO_PASSWORD);
    const admin = await signIn(ctx, "admin@leadpost.test", DEMO_PASSWORD);
    const read = async (path: string, cookie: string) =>
      (await (await ctx.request(path, { cookie })).json()) as Record<string, unknown> & { items: unknown[] };
    const settings = await read("/api/settings/subscription", owner);
    expect(settings).toMatchObject({ tier: "pro", status: "active", seats: 25, billedBy: "manual" });
    const team = await read("/api/settings/team", owner);
    expect(team).toMatchObject({ seats: 25, used: 4 });
    const list = await read("/api/platform-admin/subscribers?search=Summit", admin);
    expect(list.items[0]).toMatchObject({
      tier: "pro",
      subscriptionStatus: "active",
      seats: 25,
      seatsUsed: 4,
    });
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
