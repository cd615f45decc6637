import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers, companies, leads } from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { routeLead } from "../src/modules/lead-distribution";
import { notify } from "../src/modules/realtime/notify";
import { realtimeHubFor } from "../src/modules/realtime/routes";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { addLead, ZIP_10_MILES, ZIP_FAR } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyerId: string;
let rivalId: string;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-events.test", "Acme Events");
  other = await createCompanyWithOwner(ctx, "owner@other-events.test", "Other Events");
  const user = await createUser(ctx, "buyer@events.test");
  buyerId = (await createBuyer(ctx, { companyId: acme.companyId, userId: user, email: "buyer@events.test" }))
    .id;
  rivalId = (await createBuyer(ctx, { companyId: acme.companyId, userId: null, email: "rival@events.test" }))
    .id;
  cookie = await signInBuyer(ctx, "buyer@events.test");
});
afterAll(async () => {
  await realtimeHubFor(ctx.deps).close();
  await ctx.close();
});

type TSse = { event: string; data: string };

/** Opens /api/events in-process and reads its Server-Sent Events one by one. */
async function openStream(cookieHeader: string) {
  const res = await ctx.request("/api/events", { cookie: cookieHeader });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // A read outlives a timed-out wait: the next call picks it up instead of losing its chunk.
  let pending: ReturnType<typeof reader.read> | null = null;
  // The deadline is a safety net so a missing event fails fast: what must not arrive is proven by
  // nothingBefore's marker, never by a wait.
  const next = async (timeoutMs = 10_000): Promise<TSse | null> => {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(":")) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join("\n");
        return { event, data };
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      pending ??= reader.read();
      const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (chunk === null) return null;
      pending = null;
      if (chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { next, close: () => reader.cancel() };
}

/**
 * Asserts that the streams got nothing more: a company-wide marker event (a fresh leadId makes it
 * unique) is published now and must be the next event of each. Events are delivered in the order they
 * were published, so anything that should not have reached a stream would come before it.
 */
async function nothingBefore(...streams: Awaited<ReturnType<typeof openStream>>[]) {
  const marker = { companyId: acme.companyId, leadId: crypto.randomUUID() };
  await notify(ctx.database.db, "company_updated", marker);
  for (const stream of streams) {
    const got = await stream.next();
    expect(got?.event).toBe("company_updated");
    expect(JSON.parse(got!.data)).toEqual(marker);
  }
}

describe("live updates over /api/events", () => {
  it("needs a session", async () => {
    expect((await ctx.request("/api/events")).status).toBe(401);
  });

  it("delivers this buyer's and its company's events, and nothing of other buyers or companies", async () => {
    const stream = await openStream(cookie);
    expect((await stream.next())?.event).toBe("ready");
    const db = ctx.database.db;
    const leadId = crypto.randomUUID();

    await notify(db, "buyer_lead_created", { companyId: acme.companyId, buyerId: rivalId, leadId });
    await notify(db, "company_updated", { companyId: other.companyId });
    await notify(db, "buyer_lead_created", { companyId: acme.companyId, buyerId, leadId, isPreview: true });
    await notify(db, "credits_changed", { companyId: acme.companyId, buyerId, balance: 42 });
    await notify(db, "company_updated", { companyId: acme.companyId });

    const first = await stream.next();
    expect(first?.event).toBe("buyer_lead_created");
    expect(JSON.parse(first!.data)).toEqual({ companyId: acme.companyId, buyerId, leadId, isPreview: true });
    const second = await stream.next();
    expect(second?.event).toBe("credits_changed");
    expect(JSON.parse(second!.data)).toMatchObject({ buyerId, balance: 42 });
    expect((await stream.next())?.event).toBe("company_updated");
    await nothingBefore(stream);
    await stream.close();
  });

  it("publishes only when the transaction commits", async () => {
    const stream = await openStream(cookie);
    expect((await stream.next())?.event).toBe("ready");
    await ctx.database.db
      .transaction(async (tx) => {
        await notify(tx, "credits_changed", { companyId: acme.companyId, buyerId, balance: 1 });
        throw new Error("roll back");
      })
      .catch(() => {});
    await nothingBefore(stream);
    await ctx.database.db.transaction(async (tx) => {
      await notify(tx, "credits_changed", { companyId: acme.companyId, buyerId, balance: 2 });
    });
    expect(JSON.parse((await stream.next())!.data)).toMatchObject({ balance: 2 });
    await stream.close();
  });

  it("publishes from the database itself: new entries, balances, buyer and company changes", async () => {
    const stream = await openStream(cookie);
    expect((await stream.next())?.event).toBe("ready");
    const db = ctx.database.db;
    const [lead] = await db
      .insert(leads)
      .values({ companyId: acme.companyId, name: "Live Lead", status: "routed" })
      .returning();
    // Another buyer's entry and bookkeeping-only updates stay silent.
    await db.insert(buyerLeads).values({ companyId: acme.companyId, buyerId: rivalId, leadId: lead!.id });
    await db.update(buyers).set({ lastServedAt: new Date() }).where(eq(buyers.id, buyerId));
    await db.insert(buyerLeads).values({ companyId: acme.companyId, buyerId, leadId: lead!.id });

    const created = await stream.next();
    expect(created?.event).toBe("buyer_lead_created");
    expect(JSON.parse(created!.data)).toEqual({
      companyId: acme.companyId,
      buyerId,
      leadId: lead!.id,
      isPreview: true,
    });

    await db.update(buyers).set({ creditBalance: 25 }).where(eq(buyers.id, buyerId));
    const credits = await stream.next();
    expect(credits?.event).toBe("credits_changed");
    expect(JSON.parse(credits!.data)).toEqual({ companyId: acme.companyId, buyerId, balance: 25 });

    const saved = await ctx.request("/api/buyer-portal/profile", {
      method: "PATCH",
      cookie,
      json: { contactName: "Live Name" },
    });
    expect(saved.status).toBe(200);
    expect((await stream.next())?.event).toBe("buyer_updated");

    await db.update(companies).set({ creditValueUsd: 3 }).where(eq(companies.id, acme.companyId));
    await db.update(companies).set({ creditValueUsd: 3 }).where(eq(companies.id, other.companyId));
    const company = await stream.next();
    expect(company?.event).toBe("company_updated");
    expect(JSON.parse(company!.data)).toEqual({ companyId: acme.companyId });
    await nothingBefore(stream);
    await stream.close();
  });

  it("turns a routed lead into a live event for each of its stream's buyers that see it as a preview", async () => {
    const db = ctx.database.db;
    const place = lookupZip(ZIP_10_MILES)!;
    const near = { latitude: place.latitude, longitude: place.longitude, serviceRadius: 25 };
    await db.update(buyers).set(near).where(eq(buyers.id, buyerId));
    await db.update(buyers).set(near).where(eq(buyers.id, rivalId));
    const stream = await openStream(cookie);
    const owner = await openStream(acme.cookie);
    expect((await stream.next())?.event).toBe("ready");
    expect((await owner.next())?.event).toBe("ready");

    const far = await addLead(ctx, acme.companyId, { zipCode: ZIP_FAR });
    await routeLead(ctx.deps, far.id);
    const lead = await addLead(ctx, acme.companyId);
    await routeLead(ctx.deps, lead.id);
    const created = await stream.next();
    expect(created?.event).toBe("buyer_lead_created");
    expect(JSON.parse(created!.data)).toEqual({
      companyId: acme.companyId,
      buyerId,
      leadId: lead.id,
      isPreview: true,
    });
    // One event for this buyer only (not the rival's), none for the far lead; the company's own users
    // never get the routing's internal notification.
    await nothingBefore(stream, owner);
    await stream.close();
    await owner.close();
  });

  it("refuses payloads that do not name a company", async () => {
    await expect(
      notify(ctx.database.db, "credits_changed", { companyId: "not-a-uuid", buyerId } as never),
    ).rejects.toThrow();
  });
});
