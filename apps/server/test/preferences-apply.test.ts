import {
  formatExportDateTime,
  type TLeadDetail,
  type TLeadList,
  type TMyLeadList,
  type TPreviewList,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, emailMessages, leads, userRoles } from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, QUOTE_FIELDS, submitAndRoute } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * PRODUCT "Preferences": with the hide toggles on, a member below org admin and a buyer before paying
 * never receive the customer's name, phone or street address (list, detail, export, search, previews,
 * new-lead e-mails); the owner, the buyer who bought and the all-you-can-eat buyer see the whole lead.
 * Country, currency and zone write the exports' times.
 */
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let memberCookie: string;
let leadId: string;
const who: Record<"preview" | "purchaser" | "allYouCanEat", { id: string; email: string; cookie: string }> =
  {} as never;

const STREET = "742 Evergreen Terrace";
const ANSWERS = { ...QUOTE_ANSWERS, "f-street": STREET };
const FIELDS = [
  ...QUOTE_FIELDS.slice(0, -1),
  { id: "f-street", type: "text", label: "Street address", required: false },
  QUOTE_FIELDS.at(-1)!,
];
/** Every spelling of the hidden details that could leak. */
const SECRETS = ["Ann Lee", "3035550100", "(303) 555-0100", "555-0100", STREET];
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));
const PREFS = {
  country: "Australia",
  currency: "AUD",
  timezone: "Australia/Sydney",
  hideCustomerName: true,
  hideCustomerPhone: true,
  hideCustomerAddress: true,
};

async function portalBuyer(key: keyof typeof who, over: Partial<typeof buyers.$inferInsert> = {}) {
  const email = `${key.toLowerCase()}@prefs-buyer.test`;
  const userId = await createUser(ctx, email);
  const buyer = await createBuyer(ctx, { companyId: acme.companyId, userId, email, credits: 100 });
  const place = lookupZip("80123")!;
  await ctx.database.db
    .update(buyers)
    .set({
      zipCode: "80123",
      latitude: place.latitude,
      longitude: place.longitude,
      serviceRadius: 25,
      ...over,
    })
    .where(eq(buyers.id, buyer.id));
  who[key] = { id: buyer.id, email, cookie: await signInBuyer(ctx, email) };
}

const get = async <T>(path: string, cookie: string) => {
  const res = await ctx.request(path, { cookie });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { text, body: (text.startsWith("{") ? JSON.parse(text) : null) as T };
};

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@prefs-apply.test", "Prefs Apply Co");
  const memberId = await createUser(ctx, "member@prefs-apply.test");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: memberId, companyId: acme.companyId, role: "member" });
  memberCookie = await signInBuyer(ctx, "member@prefs-apply.test");
  const saved = await ctx.request("/api/settings/preferences", {
    method: "PUT",
    cookie: acme.cookie,
    json: PREFS,
  });
  expect(saved.status, await saved.text()).toBe(200);

  await portalBuyer("preview");
  await portalBuyer("purchaser");
  await portalBuyer("allYouCanEat", { allYouCanEatEnabled: true });
  const form = await createPublishedForm(ctx, acme.cookie, { fields: FIELDS, saleCap: 3 });
  const res = await submitAndRoute(ctx, form.id, ANSWERS);
  expect(res.status).toBe(201);
  const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.companyId, acme.companyId));
  leadId = lead!.id;
  expect(lead!.name).toBe("Ann Lee");
});
afterAll(() => ctx.close());

describe("a member below org admin, with the hide toggles on", () => {
  it("gets no name, phone or street address in the lead list, and cannot search by them", async () => {
    const { text, body } = await get<TLeadList>("/api/leads", memberCookie);
    expect(leaks(text)).toEqual([]);
    expect(body.leads[0]).toMatchObject({
      name: null,
      phone: null,
      email: "ann@example.com",
      hiddenContact: ["name", "phone", "address"],
    });
    expect((await get<TLeadList>("/api/leads?search=Lee", memberCookie)).body.total).toBe(0);
    expect((await get<TLeadList>("/api/leads?search=555-0100", memberCookie)).body.total).toBe(0);
  });

  it("gets none of them in the lead detail, its answers included", async () => {
    const { text, body } = await get<TLeadDetail>(`/api/leads/${leadId}`, memberCookie);
    expect(leaks(text)).toEqual([]);
    const labels = body.fields.map((f) => f.label);
    expect(labels).toContain("Email");
    expect(labels).not.toContain("Full name");
    expect(labels).not.toContain("Phone");
    expect(labels).not.toContain("Street address");
  });

  it("gets none of them in the CSV export", async () => {
    const { text } = await get("/api/leads/export", memberCookie);
    expect(leaks(text)).toEqual([]);
    expect(text).toContain("ann@example.com");
  });
});

describe("the owner", () => {
  it("sees the whole lead, and the export writes times in the company's zone and country format", async () => {
    const { body } = await get<TLeadDetail>(`/api/leads/${leadId}`, acme.cookie);
    expect(body).toMatchObject({ name: "Ann Lee", phone: "3035550100", hiddenContact: [] });
    expect(body.fields.map((f) => f.label)).toContain("Street address");
    const { text } = await get("/api/leads/export", acme.cookie);
    expect(leaks(text).sort()).toEqual(["3035550100", "Ann Lee", STREET].sort());
    const expected = formatExportDateTime(body.createdAt, PREFS);
    expect(expected).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d AE[DS]T$/);
    expect(text.split("\n")[1]).toContain(`,${expected},`);
  });
});

describe("buyers", () => {
  it("a buyer before paying: no name, phone or address in the previews or the new-lead e-mail", async () => {
    const { text, body } = await get<TPreviewList>("/api/buyer-portal/previews", who.preview.cookie);
    expect(body.previews.map((p) => p.leadId)).toEqual([leadId]);
    expect(leaks(text)).toEqual([]);
    const mails = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, "new_lead"), eq(emailMessages.toAddress, who.preview.email)));
    expect(mails).toHaveLength(1);
    expect(leaks(`${mails[0]!.subject} ${mails[0]!.html} ${mails[0]!.text}`)).toEqual([]);
    // Received is written in the company's zone and format (en-AU: day before month).
    expect(mails[0]!.text).toMatch(/Received \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d\s?[ap]m\./);
  });

  it("the all-you-can-eat buyer sees the whole lead", async () => {
    const { body } = await get<TMyLeadList>("/api/buyer-portal/leads", who.allYouCanEat.cookie);
    expect(body.leads[0]).toMatchObject({ leadId, name: "Ann Lee", phone: "3035550100" });
    expect(body.leads[0]!.fields.map((f) => f.value)).toContain(STREET);
  });

  it("the buyer who bought sees the whole lead, in the portal and the CSV", async () => {
    const bought = await ctx.request("/api/purchases", {
      method: "POST",
      cookie: who.purchaser.cookie,
      json: { leadId, idempotencyKey: `${leadId}-prefs` },
    });
    expect(bought.status, await bought.text()).toBe(200);
    const { body } = await get<TMyLeadList>("/api/buyer-portal/leads", who.purchaser.cookie);
    expect(body.leads[0]).toMatchObject({ leadId, name: "Ann Lee", phone: "3035550100" });
    const { text } = await get("/api/buyer-portal/leads/export", who.purchaser.cookie);
    // The answers as the customer typed them, each once (the form's own labels).
    expect(leaks(text)).toEqual(expect.arrayContaining(["Ann Lee", "(303) 555-0100", STREET]));
  });

  it("reads the company's display preferences, as company users do", async () => {
    const display = { country: "Australia", currency: "AUD", timezone: "Australia/Sydney" };
    expect((await get("/api/buyer-portal/display-preferences", who.preview.cookie)).body).toEqual(display);
    expect((await get("/api/company/display-preferences", memberCookie)).body).toEqual(display);
  });
});
