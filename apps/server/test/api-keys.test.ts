import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, userRoles } from "../src/db/schema";
import { retryFailedRouting } from "../src/modules/lead-distribution";
import { createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS } from "./helpers/forms";
import { leadHolders } from "./helpers/lead-holders";
import { addBuyer } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let acmeFormId: string;
let otherFormId: string;

type TCreated = { apiKey: { id: string; keyPreview: string; environment: string }; secret: string };
const createKey = async (cookie: string, environment: "production" | "sandbox", name = "CRM") => {
  const res = await ctx.request("/api/settings/api-keys", {
    method: "POST",
    cookie,
    json: { name, environment },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as TCreated;
};
const postLead = (key: string, formId: string, answers: Record<string, string> = QUOTE_ANSWERS) =>
  ctx.request(`/api/v1/forms/${formId}/leads`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    json: { formData: answers },
  });
const readLeads = (key: string) =>
  ctx.request("/api/v1/leads", { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-keys.test", "Acme Keys");
  other = await createCompanyWithOwner(ctx, "owner@other-keys.test", "Other Keys");
  acmeFormId = (await createPublishedForm(ctx, acme.cookie)).id;
  otherFormId = (await createPublishedForm(ctx, other.cookie)).id;
  // A buyer right at the lead's zip: a production lead is routed to it.
  await addBuyer(ctx, acme.companyId, { zipCode: "80202" });
});
afterAll(() => ctx.close());

describe("API keys", () => {
  it("shows the secret once, stores only its hash and lists preview, environment and last use", async () => {
    const created = await createKey(acme.cookie, "production");
    expect(created.secret).toMatch(/^lp_live_/);
    expect(created.apiKey.keyPreview.startsWith(created.secret.slice(0, 14))).toBe(true);
    const listed = await (await ctx.request("/api/settings/api-keys", { cookie: acme.cookie })).text();
    expect(listed).not.toContain(created.secret);
    expect(listed).toContain(created.apiKey.id);
    expect((await readLeads(created.secret)).status).toBe(200);
    const after = (await (await ctx.request("/api/settings/api-keys", { cookie: acme.cookie })).json()) as {
      keys: { id: string; lastUsedAt: string | null }[];
    };
    expect(after.keys.find((k) => k.id === created.apiKey.id)?.lastUsedAt).not.toBeNull();
  });

  it("requires a name", async () => {
    const res = await ctx.request("/api/settings/api-keys", {
      method: "POST",
      cookie: acme.cookie,
      json: { name: " ", environment: "sandbox" },
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("API key name is required");
  });

  it("a member cannot manage keys", async () => {
    const memberId = await createUser(ctx, "member@acme-keys.test");
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: memberId, companyId: acme.companyId, role: "member" });
    const member = await signInBuyer(ctx, "member@acme-keys.test");
    expect((await ctx.request("/api/settings/api-keys", { cookie: member })).status).toBe(403);
  });

  it("a production key posts a routed lead; a sandbox key's lead is a test lead never routed", async () => {
    const live = await createKey(acme.cookie, "production");
    const res = await postLead(live.secret, acmeFormId);
    expect(res.status).toBe(201);
    await retryFailedRouting(ctx.deps); // the routing worker's work, driven here
    const liveLeadId = ((await res.json()) as { leadId: string }).leadId;
    const [liveLead] = await ctx.database.db.select().from(leads).where(eq(leads.id, liveLeadId));
    expect(liveLead).toMatchObject({
      companyId: acme.companyId,
      isTest: false,
      source: "api",
      status: "routed",
    });
    expect(
      // The lead's holders as buyers see them: previews are derived on read.
      await leadHolders(ctx.database.db, liveLeadId),
    ).toHaveLength(1);

    const sandbox = await createKey(acme.cookie, "sandbox");
    expect(sandbox.secret).toMatch(/^lp_test_/);
    const testRes = await postLead(sandbox.secret, acmeFormId, {
      ...QUOTE_ANSWERS,
      "f-email": "sandbox@example.com",
    });
    expect(testRes.status).toBe(201);
    // Nothing for the routing worker: a test lead's submission is stored as skipped, never pending.
    expect(await retryFailedRouting(ctx.deps)).toBe(0);
    const testLeadId = ((await testRes.json()) as { leadId: string }).leadId;
    const [testLead] = await ctx.database.db.select().from(leads).where(eq(leads.id, testLeadId));
    expect(testLead).toMatchObject({ isTest: true, status: "new" });
    expect(await leadHolders(ctx.database.db, testLeadId)).toHaveLength(0);
    // Even asked directly, the routing engine leaves a test lead alone.
    const { routeLead } = await import("../src/modules/lead-distribution");
    expect((await routeLead(ctx.deps, testLeadId)).outcome).toBe("unrouted");
    expect(await leadHolders(ctx.database.db, testLeadId)).toHaveLength(0);

    const listed = (await (await readLeads(sandbox.secret)).json()) as {
      leads: { id: string; isTest: boolean }[];
    };
    expect(listed.leads.find((l) => l.id === testLeadId)?.isTest).toBe(true);
  });

  it("company A's key cannot read or post into company B", async () => {
    const key = await createKey(acme.cookie, "production");
    const res = await postLead(key.secret, otherFormId);
    expect(res.status).toBe(404);
    expect(
      await ctx.database.db.select().from(leads).where(eq(leads.companyId, other.companyId)),
    ).toHaveLength(0);
    await ctx.request(`/api/public/forms/${otherFormId}/submissions`, {
      method: "POST",
      json: { formData: { ...QUOTE_ANSWERS, "f-email": "b-only@example.com" }, fillTimeMs: 8000 },
    });
    const text = await (await readLeads(key.secret)).text();
    expect(text).not.toContain("b-only@example.com");
    // Nor can A's admin revoke B's key.
    const bKey = await createKey(other.cookie, "production");
    const revoke = await ctx.request(`/api/settings/api-keys/${bKey.apiKey.id}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(revoke.status).toBe(404);
    expect((await readLeads(bKey.secret)).status).toBe(200);
  });

  it("a revoked key is refused at once; no key and a wrong key are refused", async () => {
    const key = await createKey(acme.cookie, "production");
    expect((await readLeads(key.secret)).status).toBe(200);
    const revoke = await ctx.request(`/api/settings/api-keys/${key.apiKey.id}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(revoke.status).toBe(204);
    expect((await readLeads(key.secret)).status).toBe(401);
    expect((await postLead(key.secret, acmeFormId)).status).toBe(401);
    expect((await ctx.request("/api/v1/leads")).status).toBe(401);
    expect((await readLeads("lp_live_not-a-key")).status).toBe(401);
  });
});

describe("sandbox kept apart", () => {
  let sandboxKey: string;
  let liveKey: string;
  let testLeadId: string;
  let liveLeadId: string;
  beforeAll(async () => {
    sandboxKey = (await createKey(other.cookie, "sandbox", "Sandbox")).secret;
    liveKey = (await createKey(other.cookie, "production", "Live")).secret;
    const live = await postLead(liveKey, otherFormId, { ...QUOTE_ANSWERS, "f-email": "real@example.com" });
    liveLeadId = ((await live.json()) as { leadId: string }).leadId;
    // The same person posted by the integrator's tests: not a duplicate of the real lead.
    const test = await postLead(sandboxKey, otherFormId, { ...QUOTE_ANSWERS, "f-email": "real@example.com" });
    testLeadId = ((await test.json()) as { leadId: string }).leadId;
  });

  it("a sandbox key reads only test leads, a production key only real ones", async () => {
    const read = async (key: string) =>
      ((await (await readLeads(key)).json()) as { leads: { id: string; isTest: boolean }[] }).leads;
    const sandboxRead = await read(sandboxKey);
    expect(sandboxRead.map((l) => l.id)).toEqual([testLeadId]);
    expect(sandboxRead.every((l) => l.isTest)).toBe(true);
    const liveRead = await read(liveKey);
    expect(liveRead.map((l) => l.id)).toContain(liveLeadId);
    expect(liveRead.map((l) => l.id)).not.toContain(testLeadId);
  });

  it("test and real leads are never duplicates of each other", async () => {
    const [testLead] = await ctx.database.db.select().from(leads).where(eq(leads.id, testLeadId));
    expect(testLead).toMatchObject({ isTest: true, isDuplicate: false });
    const again = await postLead(sandboxKey, otherFormId, {
      ...QUOTE_ANSWERS,
      "f-email": "real@example.com",
    });
    const againId = ((await again.json()) as { leadId: string }).leadId;
    const [second] = await ctx.database.db.select().from(leads).where(eq(leads.id, againId));
    expect(second).toMatchObject({ isTest: true, isDuplicate: true, duplicateOfLeadId: testLeadId });
  });

  it("the Leads page shows test leads only when asked, marked, and leaves them out of its counts and the dashboard's", async () => {
    const list = async (query = "") =>
      (await (await ctx.request(`/api/leads${query}`, { cookie: other.cookie })).json()) as {
        leads: { id: string; isTest: boolean }[];
        total: number;
        statusCounts: Record<string, number>;
      };
    const production = await list();
    expect(production.leads.map((l) => l.id)).not.toContain(testLeadId);
    const counted = Object.values(production.statusCounts).reduce((a, b) => a + b, 0);
    expect(counted).toBe(production.total);
    const only = await list("?test=only");
    expect(only.leads.map((l) => l.id).sort()).toHaveLength(2);
    expect(only.leads.every((l) => l.isTest)).toBe(true);
    expect((await list("?test=include")).total).toBe(production.total + 2);
    const summary = (await (
      await ctx.request("/api/dashboard/summary", { cookie: other.cookie })
    ).json()) as {
      totalLeads: number;
    };
    expect(summary.totalLeads).toBe(production.total);
    const csv = await (await ctx.request("/api/leads/export", { cookie: other.cookie })).text();
    expect(csv).not.toContain(testLeadId);
  });

  it("a test lead is never handed to a real buyer", async () => {
    const buyer = await addBuyer(ctx, other.companyId, { zipCode: "80202" });
    const res = await ctx.request(`/api/leads/${testLeadId}/assignments`, {
      method: "POST",
      cookie: other.cookie,
      json: { buyerId: buyer.id },
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("never given to buyers");
    expect(await leadHolders(ctx.database.db, testLeadId)).toHaveLength(0);
  });
});

describe("the Lead API's one way to pass a key, and answers keyed by label", () => {
  it("refuses a key sent as X-API-Key, saying how to send it", async () => {
    const key = await createKey(acme.cookie, "production");
    const res = await ctx.request("/api/v1/leads", { headers: { "x-api-key": key.secret } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Send the API key as Authorization: Bearer <key>");
  });

  it("takes formData keyed by the fields' labels as by their ids", async () => {
    const key = await createKey(acme.cookie, "production");
    const res = await postLead(key.secret, acmeFormId, {
      "Full name": "Label Person",
      phone: "(303) 555-0177",
      Email: "by-label@example.com",
      "Zip code": "80202",
      "Service needed": "Roof repair",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const leadId = ((await res.json()) as { leadId: string }).leadId;
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ name: "Label Person", email: "by-label@example.com", phone: "3035550177" });
    expect(lead!.answers.map((a) => a.fieldId)).toEqual([
      "f-name",
      "f-phone",
      "f-email",
      "f-zip",
      "f-service",
    ]);
  });

  it("refuses a label two fields share, naming it", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      fields: [
        { id: "a", type: "text", label: "Phone", required: false },
        { id: "b", type: "text", label: "phone", required: false },
        { id: "z", type: "text", label: "Zip", required: true },
      ],
    });
    const key = await createKey(acme.cookie, "production");
    const res = await postLead(key.secret, form.id, { Phone: "3035550100", Zip: "80202" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields.Phone).toEqual([
      'Several fields are labelled "Phone": send this answer by field id.',
    ]);
  });
});
