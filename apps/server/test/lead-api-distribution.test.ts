import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { addBuyer, leadDetail } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Caps, pauses, bids, filters and distribution methods over the Lead API (docs/lead-api.md): what an
// owner sets on screen, set with a key; each acts on routing, and another company's ids answer 404.

let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let key: Record<string, string>;

async function keyOf(cookie: string) {
  const made = await ctx.request("/api/settings/api-keys", {
    method: "POST",
    cookie,
    json: { name: "CRM", environment: "production" },
  });
  expect(made.status).toBe(201);
  return { authorization: `Bearer ${((await made.json()) as { secret: string }).secret}` };
}

beforeAll(async () => {
  ctx = await createTestContext();
  co = await createCompanyWithOwner(ctx, "owner@lead-api-dist.test", "Api Distribution Co");
  other = await createCompanyWithOwner(ctx, "owner@lead-api-dist-other.test", "Other Api Co");
  key = await keyOf(co.cookie);
});
afterAll(() => ctx.close());

const call = (method: string, path: string, json?: unknown, headers = key) =>
  ctx.request(path, { method, headers, ...(json === undefined ? {} : { json }) });
const stored = async (buyerId: string) =>
  (await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerId)))[0]!;

let seq = 0;
async function submitLead(formId: string) {
  seq += 1;
  const res = await submitAndRoute(ctx, formId, {
    ...QUOTE_ANSWERS,
    "f-email": `api-visitor${seq}@example.com`,
    "f-phone": `720555${String(3000 + seq)}`,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as TFormSubmissionResult).leadId;
}
const holds = async (leadId: string, buyerId: string) =>
  (
    await ctx.database.db
      .select({ id: buyerLeads.id })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.leadId, leadId), eq(buyerLeads.buyerId, buyerId)))
  ).length > 0;
const reasonOf = async (leadId: string, buyerId: string) =>
  (await leadDetail(ctx, co.cookie, leadId)).routingDecisions.find((d) => d.buyer?.id === buyerId)?.reason;

describe("Lead API: buyers' caps and pauses", () => {
  it("lists the key's company's buyers only", async () => {
    const mine = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const theirs = await addBuyer(ctx, other.companyId, { nicheId: other.nicheId });
    const res = await call("GET", "/api/v1/buyers");
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { buyers: { id: string }[] }).buyers.map((b) => b.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it("sets caps with a PATCH that changes only the fields sent, and the cap then acts on routing", async () => {
    const capped = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const hours = [{ from: 0, to: 1440 }, null, null, null, null, null, null];
    const first = await call("PATCH", `/api/v1/buyers/${capped.id}/caps`, {
      dailyCap: 1,
      timeZone: "America/Los_Angeles",
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      dailyCap: 1,
      timeZone: "America/Los_Angeles",
      weeklyCap: null,
    });

    const second = await call("PATCH", `/api/v1/buyers/${capped.id}/caps`, { weeklyCap: 50 });
    expect(await second.json()).toMatchObject({
      dailyCap: 1,
      weeklyCap: 50,
      timeZone: "America/Los_Angeles",
    });
    const row = await stored(capped.id);
    expect(row).toMatchObject({ dailyCap: 1, weeklyCap: 50, timeZone: "America/Los_Angeles" });
    expect(row.contactName).toBe(capped.contactName);

    // Delivery hours set and cleared again (null: any time), each alone.
    await call("PATCH", `/api/v1/buyers/${capped.id}/caps`, { deliveryHours: hours });
    expect((await stored(capped.id)).deliveryHours).toEqual(hours);
    await call("PATCH", `/api/v1/buyers/${capped.id}/caps`, { deliveryHours: null });
    expect((await stored(capped.id)).deliveryHours).toBeNull();

    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 5 });
    const taken = await submitLead(form.id);
    const skipped = await submitLead(form.id);
    expect(await holds(taken, capped.id)).toBe(true);
    expect(await holds(skipped, capped.id)).toBe(false);
    expect(await reasonOf(skipped, capped.id)).toBe("Daily cap of 1 reached");

    const usage = await call("GET", `/api/v1/buyers/${capped.id}/caps`);
    expect(await usage.json()).toMatchObject({ dailyCap: 1, today: { leads: 1 } });
  });

  it("refuses bad caps by name in words and changes nothing", async () => {
    const buyer = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, dailyCap: 4 });
    const res = await call("PATCH", `/api/v1/buyers/${buyer.id}/caps`, {
      dailyCap: -1,
      timeZone: "Mars/Olympus",
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields.dailyCap?.[0]).toBe(
      "Daily cap must be a whole number from 0 to 1,000,000, or empty for no cap",
    );
    expect(body.error.fields.timeZone?.[0]).toBe(
      "Time zone must be an IANA time zone, such as America/Los_Angeles",
    );
    expect(await stored(buyer.id)).toMatchObject({ dailyCap: 4, timeZone: "America/New_York" });
  });

  it("pauses a buyer until a moment or indefinitely, routing skips it, and resume brings it back", async () => {
    const buyer = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const past = await call("POST", `/api/v1/buyers/${buyer.id}/pause`, { until: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(422);
    expect(
      ((await past.json()) as { error: { fields: Record<string, string[]> } }).error.fields.until,
    ).toEqual(["Pause end must be a date and time in the future"]);

    const until = new Date(Date.now() + 86_400_000).toISOString();
    const dated = await call("POST", `/api/v1/buyers/${buyer.id}/pause`, { until });
    expect(dated.status).toBe(200);
    expect(await dated.json()).toMatchObject({ message: "Leads paused", usage: { pausedNow: true } });

    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 5 });
    const whilePaused = await submitLead(form.id);
    expect(await holds(whilePaused, buyer.id)).toBe(false);

    const resumed = await call("POST", `/api/v1/buyers/${buyer.id}/resume`);
    expect(await resumed.json()).toMatchObject({
      message: "Leads resumed",
      usage: { pausedNow: false, isPaused: false, pausedUntil: null },
    });
    expect(await holds(await submitLead(form.id), buyer.id)).toBe(true);

    const indefinite = await call("POST", `/api/v1/buyers/${buyer.id}/pause`, { until: null });
    expect(await indefinite.json()).toMatchObject({ usage: { isPaused: true, pausedUntil: null } });
  });
});

describe("Lead API: bids, filters and distribution methods", () => {
  it("sets a buyer's lead filter and a form's priority order, and routing follows both", async () => {
    const picky = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const plain = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const filtered = await call("PATCH", `/api/v1/buyers/${picky.id}/distribution`, {
      leadFilters: [{ fieldId: "f-service", operator: "is", values: ["Full replacement"] }],
      bids: [{ nicheId: co.nicheId, credits: 12 }],
    });
    expect(filtered.status).toBe(200);
    const read = (await (await call("GET", `/api/v1/buyers/${picky.id}/distribution`)).json()) as {
      bids: { credits: number }[];
      leadFilters: unknown[];
    };
    expect(read.bids.map((b) => b.credits)).toEqual([12]);
    expect(read.leadFilters).toHaveLength(1);

    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const set = await call("PATCH", `/api/v1/forms/${form.id}/distribution`, {
      method: "priority",
      buyers: [{ buyerId: picky.id }, { buyerId: plain.id }],
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ method: "priority" });
    const got = (await (await call("GET", `/api/v1/forms/${form.id}/distribution`)).json()) as {
      buyers: { buyerId: string }[];
    };
    expect(got.buyers.map((b) => b.buyerId)).toEqual([picky.id, plain.id]);

    const leadId = await submitLead(form.id);
    expect(await holds(leadId, plain.id)).toBe(true);
    expect(await reasonOf(leadId, plain.id)).toContain(
      `Priority 2: ${plain.companyName}; priority 1 (${picky.companyName}): Filter: Service needed is not Full replacement`,
    );
  });

  it("refuses a bad method by name", async () => {
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId });
    const res = await call("PATCH", `/api/v1/forms/${form.id}/distribution`, { method: "loudest" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(["method"]);
  });
});

describe("Lead API: who may call", () => {
  it("refuses a request without a key, with an unknown key, or with the key in another header", async () => {
    const buyer = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer lp_nope" },
      { "x-api-key": "lp_nope" },
    ];
    for (const headers of refused) {
      const res = await call("PATCH", `/api/v1/buyers/${buyer.id}/caps`, { dailyCap: 1 }, headers);
      expect(res.status).toBe(401);
    }
    // 401 before validation: a refused caller learns nothing of the body's rules.
    expect((await call("PATCH", `/api/v1/buyers/${buyer.id}/caps`, { dailyCap: -1 }, {})).status).toBe(401);
    expect((await stored(buyer.id)).dailyCap).toBeNull();
  });

  it("answers 404 for another company's buyer and form on every route, and changes nothing", async () => {
    const theirs = await addBuyer(ctx, other.companyId, { nicheId: other.nicheId, dailyCap: 9 });
    const theirForm = await createPublishedForm(ctx, other.cookie, { nicheId: other.nicheId });
    const b = `/api/v1/buyers/${theirs.id}`;
    const attempts: [string, string, unknown?][] = [
      ["GET", `${b}/caps`],
      ["PATCH", `${b}/caps`, { dailyCap: 1 }],
      ["POST", `${b}/pause`, { until: null }],
      ["POST", `${b}/resume`],
      ["GET", `${b}/distribution`],
      ["PATCH", `${b}/distribution`, { bids: [] }],
      ["GET", `/api/v1/forms/${theirForm.id}/distribution`],
      ["PATCH", `/api/v1/forms/${theirForm.id}/distribution`, { method: "priority" }],
    ];
    for (const [method, path, json] of attempts) {
      const res = await call(method, path, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain(theirs.companyName ?? "never");
    }
    expect(await stored(theirs.id)).toMatchObject({ dailyCap: 9, isPaused: false });
    const theirsRead = await ctx.request(`/api/forms/${theirForm.id}/distribution`, {
      headers: { cookie: other.cookie },
    });
    expect(await theirsRead.json()).toMatchObject({ method: "round_robin" });

    // Their own key reaches them.
    const theirKey = await keyOf(other.cookie);
    expect((await call("GET", `${b}/caps`, undefined, theirKey)).status).toBe(200);
  });
});
