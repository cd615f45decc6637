import type {
  TBillingHistory,
  TBuyerProfile,
  TBuyerSummary,
  TMyLead,
  TMyLeadList,
  TPreviewList,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, companies, companySecrets, leads, paymentOrders } from "../src/db/schema";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let rival: Awaited<ReturnType<typeof createBuyer>>;
let foreign: Awaited<ReturnType<typeof createBuyer>>;
let cookie: string;
let rivalCookie: string;
const L: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-portal.test", "Acme Portal");
  other = await createCompanyWithOwner(ctx, "owner@other-portal.test", "Other Portal");
  await ctx.database.db.update(companies).set({ creditValueUsd: 2 }).where(eq(companies.id, acme.companyId));

  const buyerUser = await createUser(ctx, "buyer@portal.test");
  const rivalUser = await createUser(ctx, "rival@portal.test");
  buyer = await createBuyer(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    userId: buyerUser,
    email: "buyer@portal.test",
    credits: 150,
    costPerLead: 45,
    prepaid: { total: 20, remaining: 3 },
  });
  rival = await createBuyer(ctx, {
    companyId: acme.companyId,
    userId: rivalUser,
    email: "rival@portal.test",
  });
  // The same person is also a buyer of another company: that workspace must stay separate.
  foreign = await createBuyer(ctx, {
    companyId: other.companyId,
    userId: buyerUser,
    email: "buyer@portal.test",
    credits: 7,
  });

  const mk = async (key: string, o: Parameters<typeof createLead>[1]) => {
    L[key] = (await createLead(ctx, o)).id;
  };
  await mk("denver", { companyId: acme.companyId, nicheId: acme.nicheId, name: "Dee Denver", saleCap: 3 });
  await mk("boulder", {
    companyId: acme.companyId,
    name: "Bo Boulder",
    city: "Boulder",
    zip: "80301",
    service: "Full replacement",
    saleCap: 2,
    saleCount: 2,
    daysAgo: 1,
  });
  await mk("austin", {
    companyId: acme.companyId,
    name: "Al Austin",
    city: "Austin",
    state: "TX",
    zip: "78701",
    saleCap: 5,
    saleCount: 1,
    daysAgo: 2,
  });
  await mk("owned", {
    companyId: acme.companyId,
    name: "Olga Owned",
    daysAgo: 3,
    extra: { Details: '=HYPERLINK("http://evil.example","x")' },
  });
  await mk("owned2", { companyId: acme.companyId, name: "+Pat Plus", daysAgo: 4 });
  await mk("rivals", { companyId: acme.companyId, name: "Rita Rival" });
  await mk("foreign", { companyId: other.companyId, name: "Fay Foreign" });

  for (const key of ["denver", "boulder", "austin"]) {
    await giveLead(ctx, { companyId: acme.companyId, buyerId: buyer.id, leadId: L[key]!, preview: true });
  }
  for (const key of ["owned", "owned2"]) {
    await giveLead(ctx, { companyId: acme.companyId, buyerId: buyer.id, leadId: L[key]!, preview: false });
  }
  await giveLead(ctx, { companyId: acme.companyId, buyerId: rival.id, leadId: L.rivals!, preview: true });
  await giveLead(ctx, { companyId: acme.companyId, buyerId: rival.id, leadId: L.denver!, preview: true });
  await giveLead(ctx, {
    companyId: other.companyId,
    buyerId: foreign.id,
    leadId: L.foreign!,
    preview: false,
  });

  cookie = await signInBuyer(ctx, "buyer@portal.test");
  rivalCookie = await signInBuyer(ctx, "rival@portal.test");
});
afterAll(() => ctx.close());

const api = (path: string, init: Parameters<TTestContext["request"]>[1] = {}) =>
  ctx.request(`/api/buyer-portal${path}`, { cookie, ...init });
async function ok<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(200);
  return (await r.json()) as T;
}
/** The buyer's own workspace in Acme, named as the web app names it. */
const acmeHeaders = () => ({ "x-buyer-id": buyer.id });

describe("buyer context", () => {
  it("needs a session and an active buyer record", async () => {
    expect((await ctx.request("/api/buyer-portal/summary")).status).toBe(401);
    const res = await ctx.request("/api/buyer-portal/summary", { cookie: acme.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: "NO_BUYER", message: "No buyer profile found" },
    });
  });

  it("takes the buyer from the session; X-Buyer-Id may only pick one of the user's own records", async () => {
    const own = await ok<TBuyerSummary>(api("/summary", { headers: { "x-buyer-id": foreign.id } }));
    expect(own.company.id).toBe(other.companyId);
    expect(own.stats.credits).toBe(7);
    // Someone else's buyer id is ignored: the answer is about this user's own record, never the rival's.
    const spoofed = await ok<TBuyerSummary>(api("/summary", { headers: { "x-buyer-id": rival.id } }));
    expect(spoofed.profile.id).not.toBe(rival.id);
    expect([buyer.id, foreign.id]).toContain(spoofed.profile.id);
  });
});

describe("dashboard summary", () => {
  it("shows profile, package, counts, credits and the payment state", async () => {
    const s = await ok<TBuyerSummary>(api("/summary", { headers: acmeHeaders() }));
    expect(s.profile).toMatchObject({ id: buyer.id, email: "buyer@portal.test", niche: { name: "Roofing" } });
    expect(s.company).toEqual({
      id: acme.companyId,
      name: "Acme Portal",
      creditValueUsd: 2,
      supportEmail: "owner@acme-portal.test",
    });
    expect(s.package).toMatchObject({
      kind: "basic",
      label: "Basic Package",
      remaining: 3,
      total: 20,
      tone: "red",
      message: "You are running low on leads.",
    });
    expect(s.stats).toEqual({ fullAccessLeads: 2, availablePreviews: 3, morePreviews: false, credits: 150 });
    expect(s).toMatchObject({ paymentConfigured: false, paymentMode: "sandbox" });
  });

  it("reports payment configured only with the client id and secret of the company's mode", async () => {
    const db = ctx.database.db;
    await db
      .update(companies)
      .set({ paypalSandboxClientId: "sb-client" })
      .where(eq(companies.id, acme.companyId));
    expect((await ok<TBuyerSummary>(api("/summary", { headers: acmeHeaders() }))).paymentConfigured).toBe(
      false,
    );
    await db.insert(companySecrets).values({
      companyId: acme.companyId,
      name: "paypal_sandbox_secret_key",
      ciphertext: "x",
      last4: "abcd",
    });
    expect((await ok<TBuyerSummary>(api("/summary", { headers: acmeHeaders() }))).paymentConfigured).toBe(
      true,
    );
    await db.update(companies).set({ isSandboxMode: false }).where(eq(companies.id, acme.companyId));
    const live = await ok<TBuyerSummary>(api("/summary", { headers: acmeHeaders() }));
    expect(live).toMatchObject({ paymentConfigured: false, paymentMode: "live" });
    await db.update(companies).set({ isSandboxMode: true }).where(eq(companies.id, acme.companyId));
  });
});

describe("previews", () => {
  it("lists the buyer's previews newest first with the sold counter and price in credits", async () => {
    const list = await ok<TPreviewList>(api("/previews", { headers: acmeHeaders() }));
    expect(list.total).toBe(3);
    expect(list.previews.map((p) => p.leadId)).toEqual([L.denver, L.boulder, L.austin]);
    const [denver, boulder] = list.previews;
    // 45 USD at 2 USD a credit = 23 credits (rounded up).
    expect(denver).toMatchObject({
      saleCap: 3,
      saleCount: 0,
      slotsLeft: 3,
      soldOut: false,
      priceCredits: 23,
    });
    expect(boulder).toMatchObject({ slotsLeft: 0, soldOut: true });
    // A preview never carries contact details.
    expect(Object.keys(denver!)).not.toContain("name");
    expect(JSON.stringify(list)).not.toContain("example.com");
  });

  it("filters by search, state and availability, and pages", async () => {
    const ids = async (q: string) =>
      (await ok<TPreviewList>(api(`/previews?${q}`, { headers: acmeHeaders() }))).previews.map(
        (p) => p.leadId,
      );
    expect(await ids("search=boulder")).toEqual([L.boulder]);
    expect(await ids("search=replacement")).toEqual([L.boulder]);
    expect(await ids("state=tx")).toEqual([L.austin]);
    expect(await ids("availability=sold_out")).toEqual([L.boulder]);
    expect(await ids("availability=available")).toEqual([L.denver, L.austin]);
    const page2 = await ok<TPreviewList>(api("/previews?pageSize=2&page=2", { headers: acmeHeaders() }));
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.previews.map((p) => p.leadId)).toEqual([L.austin]);
    expect((await api("/previews?availability=maybe", { headers: acmeHeaders() })).status).toBe(422);
  });

  it("never lists another buyer's or another company's previews", async () => {
    const rivalList = await ok<TPreviewList>(api("/previews", { cookie: rivalCookie }));
    expect(rivalList.previews.map((p) => p.leadId).sort()).toEqual([L.denver, L.rivals].sort());
    const foreignList = await ok<TPreviewList>(api("/previews", { headers: { "x-buyer-id": foreign.id } }));
    expect(foreignList.total).toBe(0);
  });

  it("answers 404 and deletes nothing for another buyer's or company's lead ids", async () => {
    for (const id of [L.rivals, L.foreign, L.owned, crypto.randomUUID()]) {
      const res = await api(`/previews/${id}`, { method: "DELETE", headers: acmeHeaders() });
      expect(res.status).toBe(404);
      expect(JSON.stringify(await res.json())).not.toMatch(/Rita|Fay|Olga/);
    }
    const mixed = await api("/previews/delete", {
      method: "POST",
      headers: acmeHeaders(),
      json: { leadIds: [L.austin, L.rivals] },
    });
    expect(mixed.status).toBe(404);
    const rows = await ctx.database.db.select().from(buyerLeads).where(eq(buyerLeads.leadId, L.rivals!));
    expect(rows).toHaveLength(1);
    expect((await ok<TPreviewList>(api("/previews", { headers: acmeHeaders() }))).total).toBe(3);
  });

  it("deletes one preview, then several, for this buyer only", async () => {
    const one = await ok<{ deleted: number; message: string }>(
      api(`/previews/${L.denver}`, { method: "DELETE", headers: acmeHeaders() }),
    );
    expect(one).toEqual({ deleted: 1, message: "Lead deleted successfully" });
    // The rival's copy of the same lead and the lead itself stay.
    const rivalList = await ok<TPreviewList>(api("/previews", { cookie: rivalCookie }));
    expect(rivalList.previews.map((p) => p.leadId)).toContain(L.denver);
    expect(await ctx.database.db.select().from(leads).where(eq(leads.id, L.denver!))).toHaveLength(1);

    const bulk = await ok<{ deleted: number; message: string }>(
      api("/previews/delete", {
        method: "POST",
        headers: acmeHeaders(),
        json: { leadIds: [L.boulder, L.austin] },
      }),
    );
    expect(bulk).toEqual({ deleted: 2, message: "Leads deleted successfully" });
    expect((await ok<TPreviewList>(api("/previews", { headers: acmeHeaders() }))).total).toBe(0);
    expect(
      (await api("/previews/delete", { method: "POST", headers: acmeHeaders(), json: { leadIds: [] } }))
        .status,
    ).toBe(422);
  });
});

describe("my leads", () => {
  it("lists full-access leads with every field, CRM status and notes", async () => {
    const list = await ok<TMyLeadList>(api("/leads", { headers: acmeHeaders() }));
    expect(list.total).toBe(2);
    expect(list.leads.map((l) => l.name)).toEqual(["Olga Owned", "+Pat Plus"]);
    expect(list.leads[0]).toMatchObject({
      email: "olgaowned@example.com",
      phone: "3035550111",
      crmStatus: "new",
      notes: null,
      acquiredVia: "credits",
    });
    // Each value once: the answers under their own labels, then what no answer shows (phone, place, service).
    expect(list.leads[0]!.fields.map((f) => f.label)).toEqual([
      "Name",
      "Email",
      "Details",
      "Phone",
      "City",
      "State",
      "Zip code",
      "Service",
    ]);
    expect(list.leads[0]!.fields.find((f) => f.label === "Email")?.kind).toBe("email");
    expect(list.leads[0]!.fields.find((f) => f.label === "Phone")?.kind).toBe("phone");
    expect(list.statusCounts).toEqual({ new: 2, contacted: 0, qualified: 0, converted: 0, lost: 0 });
  });

  it("updates CRM status and notes, and filters by them", async () => {
    const updated = await ok<TMyLead>(
      api(`/leads/${L.owned}`, {
        method: "PATCH",
        headers: acmeHeaders(),
        json: { crmStatus: "contacted", notes: "Called, wants a quote Friday" },
      }),
    );
    expect(updated).toMatchObject({ crmStatus: "contacted", notes: "Called, wants a quote Friday" });
    const cleared = await ok<TMyLead>(
      api(`/leads/${L.owned}`, { method: "PATCH", headers: acmeHeaders(), json: { notes: "  " } }),
    );
    expect(cleared).toMatchObject({ crmStatus: "contacted", notes: null });

    const contacted = await ok<TMyLeadList>(api("/leads?crmStatus=contacted", { headers: acmeHeaders() }));
    expect(contacted.leads.map((l) => l.name)).toEqual(["Olga Owned"]);
    expect(contacted.statusCounts).toMatchObject({ new: 1, contacted: 1 });
    const searched = await ok<TMyLeadList>(api("/leads?search=pat", { headers: acmeHeaders() }));
    expect(searched.leads.map((l) => l.name)).toEqual(["+Pat Plus"]);

    expect(
      (
        await api(`/leads/${L.owned}`, {
          method: "PATCH",
          headers: acmeHeaders(),
          json: { crmStatus: "won" },
        })
      ).status,
    ).toBe(422);
    expect(
      (await api(`/leads/${L.owned}`, { method: "PATCH", headers: acmeHeaders(), json: {} })).status,
    ).toBe(422);
  });

  it("answers 404 for previews, other buyers' and other companies' leads, and changes nothing", async () => {
    for (const id of [L.rivals, L.foreign, L.austin]) {
      const res = await api(`/leads/${id}`, {
        method: "PATCH",
        headers: acmeHeaders(),
        json: { crmStatus: "lost" },
      });
      expect(res.status).toBe(404);
    }
    const [foreignEntry] = await ctx.database.db
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.leadId, L.foreign!), eq(buyerLeads.buyerId, foreign.id)));
    expect(foreignEntry?.crmStatus).toBe("new");
    // The rival sees nothing of this buyer's leads.
    expect((await ok<TMyLeadList>(api("/leads", { cookie: rivalCookie }))).total).toBe(0);
  });

  it("exports CSV with formula cells neutralised", async () => {
    const res = await api("/leads/export", { headers: acmeHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/my-leads-\d{4}-\d{2}-\d{2}\.csv/);
    const csv = await res.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("CRM status");
    // No repeated column, and each value of a lead once in its row.
    const header = lines[0]!.split(",").map((h) => h.toLowerCase());
    expect(new Set(header).size).toBe(header.length);
    const olga = lines.find((l) => l.includes("Olga Owned"))!;
    expect(olga.split("Olga Owned")).toHaveLength(2);
    expect(olga.split("olgaowned@example.com")).toHaveLength(2);
    expect(csv).toContain("'+Pat Plus");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain("Contacted");
    expect(csv).not.toContain("Rita");
    expect(csv).not.toContain("Fay");
  });
});

describe("profile", () => {
  it("reads the profile and saves only the buyer's own fields with 003 §5 validation", async () => {
    const bad = await api("/profile", {
      method: "PATCH",
      headers: acmeHeaders(),
      json: { contactName: " B ", companyName: "X", phoneNumber: "1".repeat(21) },
    });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields.contactName).toEqual(["Contact name must be at least 2 characters"]);
    expect(body.error.fields.companyName).toEqual(["Company name must be at least 2 characters"]);
    expect(body.error.fields.phoneNumber).toBeDefined();

    const saved = await ok<TBuyerProfile>(
      api("/profile", {
        method: "PATCH",
        headers: acmeHeaders(),
        // Read-only fields in the body are dropped, never saved.
        json: {
          contactName: "  Ben Buyer ",
          companyName: "",
          phoneNumber: "",
          email: "x@evil.test",
          zipCode: "10001",
        },
      }),
    );
    expect(saved).toMatchObject({
      contactName: "Ben Buyer",
      companyName: null,
      phoneNumber: null,
      email: "buyer@portal.test",
      zipCode: "80202",
    });
    expect(await ok<TBuyerProfile>(api("/profile", { headers: acmeHeaders() }))).toEqual(saved);
  });
});

describe("billing", () => {
  it("is empty without payments, then lists this buyer's orders newest first", async () => {
    expect(await ok<TBillingHistory>(api("/billing", { headers: acmeHeaders() }))).toEqual({ rows: [] });
    const order = (buyerId: string, companyId: string, n: number, status: "completed" | "declined") => ({
      companyId,
      buyerId,
      mode: "sandbox" as const,
      providerOrderId: `order-${buyerId}-${n}`,
      packId: "pack_10",
      quantity: n,
      credits: 10 * n,
      amountCents: 1000 * n,
      status,
      createdAt: new Date(Date.now() - (10 - n) * 60_000),
    });
    await ctx.database.db
      .insert(paymentOrders)
      .values([
        order(buyer.id, acme.companyId, 1, "completed"),
        order(buyer.id, acme.companyId, 2, "declined"),
        order(rival.id, acme.companyId, 3, "completed"),
        order(foreign.id, other.companyId, 4, "completed"),
      ]);
    const { rows } = await ok<TBillingHistory>(api("/billing", { headers: acmeHeaders() }));
    expect(rows.map((r) => [r.amount, r.status, r.description, r.type])).toEqual([
      [20, "failed", "20 credits (pack_10 × 2)", "purchase"],
      [10, "paid", "10 credits (pack_10 × 1)", "purchase"],
    ]);
  });
});

describe("package display", () => {
  it("shows No Package for a buyer without prepaid leads or niche", async () => {
    const s = await ok<TBuyerSummary>(api("/summary", { cookie: rivalCookie }));
    expect(s.profile.niche).toBeNull();
    expect(s.package).toMatchObject({ kind: "none", label: "No Package" });
    expect(s.stats).toEqual({ fullAccessLeads: 0, availablePreviews: 2, morePreviews: false, credits: 0 });
  });
});
