import {
  exportDateTimeWriter,
  type TDashboardSummary,
  type TFormSubmissionResult,
  type TLeadDetail,
  type TLeadList,
} from "@leadpost/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countsByKeyUpTo, countsUpTo } from "../src/db/estimated-count";
import {
  buyerLeads,
  buyers,
  callLogs,
  formSubmissions,
  leadRoutingDecisions,
  leads,
  niches,
  userRoles,
} from "../src/db/schema";
import { readCompanyPreferences } from "../src/modules/settings";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
/** A member of Acme (who also owns a company of their own, so requests name Acme with X-Company-Id). */
let member: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let roofFormId: string;
let hvacFormId: string;
let hvacNicheId: string;
const ids: Record<string, string> = {};

async function lead(formId: string, name: string, answers: Record<string, string>) {
  const res = await submitAndRoute(ctx, formId, {
    ...QUOTE_ANSWERS,
    "f-name": name,
    "f-email": `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    ...answers,
  });
  if (res.status !== 201) throw new Error(`submission failed: ${res.status} ${await res.text()}`);
  ids[name] = ((await res.json()) as TFormSubmissionResult).leadId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-leads.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other-leads.test", "Other Leads");
  member = await createCompanyWithOwner(ctx, "member@acme-leads.test", "Member's Own");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
  const [hvac] = await ctx.database.db
    .insert(niches)
    .values({ companyId: acme.companyId, name: "HVAC" })
    .returning();
  hvacNicheId = hvac!.id;

  roofFormId = (await createPublishedForm(ctx, acme.cookie, { title: "Roofs", nicheId: acme.nicheId })).id;
  hvacFormId = (await createPublishedForm(ctx, acme.cookie, { title: "HVAC", nicheId: hvacNicheId })).id;
  await lead(roofFormId, "Ann Lee", { "f-zip": "80202", "f-phone": "303-555-0101" });
  await lead(roofFormId, "Bob Stone", { "f-zip": "10001", "f-phone": "212-555-0102" });
  await lead(hvacFormId, "Cara Diaz", { "f-zip": "00000", "f-phone": "415-555-0103" });
  await lead(hvacFormId, "Dan Fox", {
    "f-zip": "30301",
    "f-phone": "404-555-0104",
    "f-details": '=HYPERLINK("http://evil.example","click")',
  });
  // Formula-looking answers and a formula-looking name, all typed by visitors.
  await lead(roofFormId, "+Eve Gray", {
    "f-zip": "60601",
    "f-phone": "312-555-0105",
    "f-details": "@SUM(1+1)",
  });
  await ctx.database.db
    .update(leads)
    .set({ createdAt: sql`now() - interval '10 days'` })
    .where(eq(leads.id, ids["Bob Stone"]!));
  // Acme has no buyers, so routing leaves every lead unrouted. These tests read the list, not routing:
  // the located leads are stored as a buyer would have taken them; Cara (no location) stays unrouted.
  const located = ["Ann Lee", "Bob Stone", "Dan Fox", "+Eve Gray"].map((n) => ids[n]!);
  await ctx.database.db.update(leads).set({ status: "routed" }).where(inArray(leads.id, located));
  await ctx.database.db
    .update(formSubmissions)
    .set({ routingStatus: "routed" })
    .where(inArray(formSubmissions.leadId, located));

  const otherForm = await createPublishedForm(ctx, other.cookie, { title: "Other's form" });
  await lead(otherForm.id, "Zed Other", { "f-zip": "80202", "f-phone": "303-555-0199" });
});
afterAll(() => ctx.close());

const get = async <T>(path: string, cookie = acme.cookie) => {
  const res = await ctx.request(path, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const namesOf = (list: TLeadList) => list.leads.map((l) => l.name);

describe("leads list", () => {
  it("lists the company's leads newest first, with a page and counts per status", async () => {
    const list = await get<TLeadList>("/api/leads?pageSize=2");
    expect(list.total).toBe(5);
    expect(list.leads).toHaveLength(2);
    expect(namesOf(list)).toEqual(["+Eve Gray", "Dan Fox"]);
    expect(list.statusCounts).toEqual({ new: 0, routed: 4, unrouted: 1, sold_out: 0 });
    expect(list.leads[0]).toMatchObject({
      form: { id: roofFormId, title: "Roofs" },
      niche: { name: "Roofing" },
    });

    const page3 = await get<TLeadList>("/api/leads?pageSize=2&page=3");
    expect(namesOf(page3)).toEqual(["Bob Stone"]);
    expect(page3.nextCursor).toBeNull();
  });

  it("pages by cursor through the same leads as by page number, with the same counts", async () => {
    const byPage = await get<TLeadList>("/api/leads?pageSize=5");
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: TLeadList = await get<TLeadList>(
        `/api/leads?pageSize=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.total).toBe(5);
      seen.push(...namesOf(page));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(namesOf(byPage));
    // With a status filter the total is that status's count.
    expect((await get<TLeadList>("/api/leads?status=unrouted")).total).toBe(1);

    const bad = await ctx.request("/api/leads?cursor=page-2", { cookie: acme.cookie });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain("Cursor");
  });

  it("searches name, e-mail, phone (however typed), city and zip", async () => {
    expect(namesOf(await get<TLeadList>("/api/leads?search=ann"))).toEqual(["Ann Lee"]);
    expect(namesOf(await get<TLeadList>("/api/leads?search=bob%40example"))).toEqual(["Bob Stone"]);
    expect(namesOf(await get<TLeadList>(`/api/leads?search=${encodeURIComponent("(415) 555")}`))).toEqual([
      "Cara Diaz",
    ]);
    expect(namesOf(await get<TLeadList>("/api/leads?search=atlanta"))).toEqual(["Dan Fox"]);
    expect(namesOf(await get<TLeadList>("/api/leads?search=6060"))).toEqual(["+Eve Gray"]);
    expect(namesOf(await get<TLeadList>("/api/leads?search=%25"))).toEqual([]);
  });

  it("filters by form, niche, status and date range", async () => {
    expect((await get<TLeadList>(`/api/leads?formId=${hvacFormId}`)).total).toBe(2);
    expect((await get<TLeadList>(`/api/leads?nicheId=${acme.nicheId}`)).total).toBe(3);
    const unrouted = await get<TLeadList>("/api/leads?status=unrouted");
    expect(namesOf(unrouted)).toEqual(["Cara Diaz"]);
    expect(unrouted.statusCounts.routed).toBe(4);

    const today = new Date().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await get<TLeadList>(`/api/leads?from=${today}`)).total).toBe(4);
    expect(namesOf(await get<TLeadList>(`/api/leads?from=${tenDaysAgo}&to=${tenDaysAgo}`))).toEqual([
      "Bob Stone",
    ]);
    expect((await ctx.request("/api/leads?from=yesterday", { cookie: acme.cookie })).status).toBe(422);
  });

  it("is open to members, and never shows another company's leads", async () => {
    const list = await ctx.request("/api/leads", {
      cookie: member.cookie,
      headers: { "x-company-id": acme.companyId },
    });
    expect(((await list.json()) as TLeadList).total).toBe(5);
    const theirs = await get<TLeadList>("/api/leads", other.cookie);
    expect(namesOf(theirs)).toEqual(["Zed Other"]);
    expect(namesOf(await get<TLeadList>("/api/leads?search=zed"))).toEqual([]);
  });
});

describe("counts past a limit", () => {
  // The list counts up to 10,000 leads (1,000 with a filter), then estimates: the same helpers, limit 2.
  const of = (companyId: string, status?: string) =>
    sql`select 1 from ${leads} where ${leads.companyId} = ${companyId} and not ${leads.isTest}${
      status ? sql` and ${leads.status} = ${status}` : sql``
    }`;

  it("counts exactly up to the limit and answers an estimate, never below it, past it", async () => {
    await ctx.database.db.execute(sql`analyze leads`);
    const counts = await countsUpTo(
      ctx.database.db,
      { routed: of(acme.companyId, "routed"), unrouted: of(acme.companyId, "unrouted") },
      2,
    );
    expect(counts.unrouted).toEqual({ n: 1, estimated: false });
    expect(counts.routed.estimated).toBe(true);
    expect(counts.routed.n).toBeGreaterThanOrEqual(3);
    // Another company's leads are never counted.
    expect(await countsUpTo(ctx.database.db, { all: of(other.companyId) }, 2)).toEqual({
      all: { n: 1, estimated: false },
    });
  });

  it("reads the matching leads once for every status, and estimates each status past the limit", async () => {
    const rows = sql`select ${leads.status} as key from ${leads} where ${leads.companyId} = ${acme.companyId}`;
    const statuses = ["routed", "unrouted"] as const;
    const exact = await countsByKeyUpTo(ctx.database.db, rows, statuses, (s) => of(acme.companyId, s), 10);
    expect(exact).toEqual({ routed: { n: 4, estimated: false }, unrouted: { n: 1, estimated: false } });
    const past = await countsByKeyUpTo(ctx.database.db, rows, statuses, (s) => of(acme.companyId, s), 2);
    expect(past.routed.estimated && past.unrouted.estimated).toBe(true);
    expect(past.routed.n + past.unrouted.n).toBeGreaterThanOrEqual(3);
  });
});

describe("lead detail", () => {
  it("shows every answer with its label, the source data, routing decisions and buyers", async () => {
    const leadId = ids["Ann Lee"]!;
    const [buyer] = await ctx.database.db
      .insert(buyers)
      .values({
        companyId: acme.companyId,
        email: "b@buyer.test",
        contactName: "Bea",
        companyName: "Bea Roofing",
        status: "active",
      })
      .returning();
    const decision: typeof leadRoutingDecisions.$inferInsert = {
      companyId: acme.companyId,
      leadId,
      reasons: [
        {
          buyerId: buyer!.id,
          matched: true,
          reason: "12.3 mi within 50 mi",
          distanceMiles: 12.3,
          outcome: "preview",
        },
      ],
    };
    // The lead's own routing found no buyer and wrote its (empty) decision: this one replaces it.
    await ctx.database.db
      .insert(leadRoutingDecisions)
      .values(decision)
      .onConflictDoUpdate({ target: leadRoutingDecisions.leadId, set: { reasons: decision.reasons! } });
    await ctx.database.db
      .insert(buyerLeads)
      .values({ companyId: acme.companyId, buyerId: buyer!.id, leadId, isPreview: true });

    const detail = await get<TLeadDetail>(`/api/leads/${leadId}`);
    expect(detail).toMatchObject({
      id: leadId,
      name: "Ann Lee",
      city: "Denver",
      state: "CO",
      zipCode: "80202",
      serviceType: "Roof repair",
      form: { id: roofFormId, title: "Roofs" },
    });
    expect(detail.fields.slice(0, 3)).toEqual([
      { fieldId: "f-name", label: "Full name", value: "Ann Lee" },
      { fieldId: "f-phone", label: "Phone", value: "303-555-0101" },
      { fieldId: "f-email", label: "Email", value: "ann@example.com" },
    ]);
    expect(detail.submission).toMatchObject({
      fillTimeMs: 8000,
      routingStatus: "routed",
      routingAttempts: 1,
    });
    expect(detail.routingDecisions).toEqual([
      expect.objectContaining({
        buyer: { id: buyer!.id, name: "Bea Roofing" },
        matched: true,
        distanceMiles: 12.3,
        outcome: "preview",
      }),
    ]);
    expect(detail.buyers).toEqual([
      expect.objectContaining({
        buyer: { id: buyer!.id, name: "Bea Roofing" },
        isPreview: true,
        crmStatus: "new",
      }),
    ]);
  });

  it("gives another company 404 and no data", async () => {
    const res = await ctx.request(`/api/leads/${ids["Ann Lee"]}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Ann");
    expect((await ctx.request(`/api/leads/${ids["Zed Other"]}`, { cookie: acme.cookie })).status).toBe(404);
  });
});

describe("lead deletion", () => {
  it("is for company admins only", async () => {
    const res = await ctx.request(`/api/leads/${ids["Dan Fox"]}`, {
      method: "DELETE",
      cookie: member.cookie,
      headers: { "x-company-id": acme.companyId },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { message: "Permission denied. You must be an owner or admin to delete leads." },
    });
    // Signed out: 401 before the id is even read.
    expect((await ctx.request("/api/leads/not-an-id", { method: "DELETE" })).status).toBe(401);
    expect((await ctx.request("/api/leads")).status).toBe(401);
  });

  it("refuses another company's lead and a lead a buyer holds in full", async () => {
    expect(
      (await ctx.request(`/api/leads/${ids["Zed Other"]}`, { method: "DELETE", cookie: acme.cookie })).status,
    ).toBe(404);
    const [still] = await ctx.database.db.select().from(leads).where(eq(leads.id, ids["Zed Other"]!));
    expect(still).toBeDefined();

    const [buyer] = await ctx.database.db
      .insert(buyers)
      .values({ companyId: acme.companyId, email: "full@buyer.test", contactName: "Full", status: "active" })
      .returning();
    await ctx.database.db.insert(buyerLeads).values({
      companyId: acme.companyId,
      buyerId: buyer!.id,
      leadId: ids["Bob Stone"]!,
      isPreview: false,
      acquiredVia: "credits",
      creditsSpent: 40,
    });
    const res = await ctx.request(`/api/leads/${ids["Bob Stone"]}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(res.status).toBe(409);
  });

  it("deletes a lead for an admin", async () => {
    const res = await ctx.request(`/api/leads/${ids["Cara Diaz"]}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(await res.json()).toEqual({ success: true, message: "Lead deleted successfully" });
    expect(await ctx.database.db.select().from(leads).where(eq(leads.id, ids["Cara Diaz"]!))).toEqual([]);
  });
});

describe("CSV export", () => {
  it("exports every column and answer, neutralising cells a spreadsheet would run as formulas", async () => {
    const res = await ctx.request("/api/leads/export", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toContain("Lead ID,Created at,Status,Source,Name,Email,Phone");
    expect(header).toContain("utm_source");
    expect(header).toContain("Full name");
    expect(header).toContain("Details");
    // The form's Phone, Email and Zip code answers are the fixed columns: never a second header.
    const headers = header!.split(",");
    expect(headers.length).toBe(new Set(headers.map((h) => h.toLowerCase())).size);
    expect(lines).toHaveLength(4);

    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain("'@SUM(1+1)");
    expect(csv).toContain("'+Eve Gray");
    // Only numbers (the longitudes) may start with a minus; no text cell starts a formula.
    expect(csv).not.toMatch(/(^|,)("?)([=+@]|-(?!\d+(\.\d+)?(,|\r)))/m);
    expect(csv).toContain(",-104.99");
    expect(csv).not.toContain("Zed");
  });

  it("writes each lead's source columns from its submission", async () => {
    await ctx.database.db
      .update(formSubmissions)
      .set({
        ipAddress: "203.0.113.7",
        referrer: "https://ref.example/",
        landingPage: "https://acme.example/roof",
        utm: { utm_source: "google", utm_campaign: "spring" },
        clickIds: { gclid: "G-1", fbclid: "F-2" },
        consent: { text: "I agree to be contacted", at: "2026-11-20T10:00:00.000Z", ip: null, page: null },
      })
      .where(eq(formSubmissions.leadId, ids["Ann Lee"]!));
    const [submission] = await ctx.database.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(eq(formSubmissions.leadId, ids["Ann Lee"]!));
    const csv = await (await ctx.request("/api/leads/export", { cookie: acme.cookie })).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const cells = lines.find((line) => line.startsWith(ids["Ann Lee"]!))!.split(",");
    // From "Submission ID" on, Ann's cells hold no comma or quote: read them where that id is.
    const columns = header!.split(",");
    const from = columns.indexOf("Submission ID");
    const first = cells.indexOf(submission!.id);
    const source = Object.fromEntries(
      columns.slice(from, from + 13).map((name, i) => [name, cells[first + i]]),
    );
    const time = exportDateTimeWriter(await readCompanyPreferences(ctx.database.db, acme.companyId));
    expect(source).toMatchObject({
      "IP address": "203.0.113.7",
      Referrer: "https://ref.example/",
      "Landing page": "https://acme.example/roof",
      utm_source: "google",
      utm_medium: "",
      utm_campaign: "spring",
      gclid: "G-1",
      fbclid: "F-2",
      "Consent text": "I agree to be contacted",
      "Consent at": time(Date.parse("2026-11-20T10:00:00.000Z")),
    });
  });

  it("streams every lead in batches, in the list's order, each lead once", async () => {
    const { exportLeadsCsv } = await import("../src/modules/leads/export");
    const context = {
      userId: acme.userId,
      email: "owner@acme.test",
      companyId: acme.companyId,
      role: "owner" as const,
    };
    const whole = (await (await ctx.request("/api/leads/export", { cookie: acme.cookie })).text()).split(
      "\r\n",
    );
    // Batches of 2 and of 1: the keyset carries from one batch to the next without losing or repeating one.
    for (const batch of [1, 2]) {
      const parts: string[] = [];
      for await (const part of exportLeadsCsv(ctx.deps, context, {}, batch)) parts.push(part);
      const rowsPerPart = parts.slice(1).map((p) => p.split("\r\n").length - 1);
      expect(Math.max(...rowsPerPart)).toBe(batch);
      // The response's text() drops the byte-order mark the file starts with.
      expect(parts[0]!.startsWith("\uFEFF")).toBe(true);
      expect(parts.join("").slice(1).split("\r\n")).toEqual(whole);
    }
    expect(whole.length).toBeGreaterThan(3);
  });

  it("applies the list's filters", async () => {
    const csv = await (
      await ctx.request(`/api/leads/export?formId=${hvacFormId}`, { cookie: acme.cookie })
    ).text();
    expect(csv).toContain("Dan Fox");
    expect(csv).not.toContain("Ann Lee");
  });
});

describe("dashboard summary", () => {
  it("counts the company's forms, leads and calls, and averages completed calls' durations", async () => {
    expect(await get<TDashboardSummary>("/api/dashboard/summary")).toEqual({
      formsCreated: 2,
      totalLeads: 4,
      totalLeadsEstimated: false,
      totalCalls: 0,
      completedCalls: 0,
      avgCallDurationSeconds: 0,
    });
    const call = (sid: string, status: string, duration: number | null, companyId = acme.companyId) => ({
      companyId,
      callSid: sid,
      status,
      duration,
    });
    await ctx.database.db
      .insert(callLogs)
      .values([
        call("CA1", "completed", 60),
        call("CA2", "completed", 91),
        call("CA3", "completed", null),
        call("CA4", "no-answer", 300),
        call("CA5", "completed", 999, other.companyId),
      ]);
    expect(await get<TDashboardSummary>("/api/dashboard/summary")).toMatchObject({
      totalCalls: 4,
      completedCalls: 3,
      avgCallDurationSeconds: 76,
    });
    expect(await get<TDashboardSummary>("/api/dashboard/summary", other.cookie)).toMatchObject({
      formsCreated: 1,
      totalLeads: 1,
      totalCalls: 1,
      completedCalls: 1,
      avgCallDurationSeconds: 999,
    });
    expect((await ctx.request("/api/dashboard/summary")).status).toBe(401);
  });
});
