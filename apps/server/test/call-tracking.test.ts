import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTrackingLogs, dniSessions, leads, phoneNumbers, userRoles } from "../src/db/schema";
import { attributeInboundCall, updateTrackedCall } from "../src/modules/call-tracking";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, TWILIO_TOKEN } from "./helpers/twilio";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let memberCookie: string;
let twilioNumberId: string;
let key: string;

type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const STATIC = "(555) 123-4567";
const GOOGLE = "+1 555 200 0001";
const DIRECT = "+1 555 200 0002";

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  const member = await createCompanyWithOwner(ctx, "member@acme.test", "Member's Own Co");
  await ctx.database.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
  memberCookie = member.cookie;
  const [number] = await ctx.database.db
    .insert(phoneNumbers)
    .values({ companyId: acme.companyId, phoneNumber: "+15552000001", type: "twilio" })
    .returning();
  twilioNumberId = number!.id;
});
afterAll(() => ctx.close());

const call = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  ctx.request(path, { cookie, ...init });

describe("DNI numbers", () => {
  it("refuses numbers shorter than ten digits with the 002 texts", async () => {
    const res = await call(acme.cookie, "/api/call-tracking/dni-numbers", {
      method: "POST",
      json: { phoneNumber: "555-1234", staticNumber: "123", source: "google" },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as TError;
    expect(body.error.fields?.phoneNumber).toEqual(["Phone number must be at least 10 digits"]);
    expect(body.error.fields?.staticNumber).toEqual(["Static number must be at least 10 digits"]);
  });

  it("adds numbers per source, and a new default clears the others' default", async () => {
    const add = async (json: Record<string, unknown>) => {
      const res = await call(acme.cookie, "/api/call-tracking/dni-numbers", { method: "POST", json });
      expect(res.status).toBe(201);
      return (await res.json()) as { number: { id: string; isDefault: boolean }; message: string };
    };
    const google = await add({
      phoneNumber: GOOGLE,
      staticNumber: STATIC,
      source: "google",
      isDefault: true,
    });
    expect(google.message).toBe("DNI number added successfully");
    await add({
      phoneNumber: DIRECT,
      staticNumber: STATIC,
      source: "direct",
      label: "Site",
      isDefault: true,
    });
    const list = (await (await call(acme.cookie, "/api/call-tracking/dni-numbers")).json()) as {
      numbers: { phoneNumber: string; isDefault: boolean }[];
    };
    // Stored in E.164 whatever the spelling.
    expect(list.numbers.map((n) => [n.phoneNumber, n.isDefault])).toEqual([
      ["+15552000002", true],
      ["+15552000001", false],
    ]);
  });

  it("hides them from another company and refuses members' changes", async () => {
    const list = (await (await call(acme.cookie, "/api/call-tracking/dni-numbers")).json()) as {
      numbers: { id: string }[];
    };
    const id = list.numbers[0]!.id;
    expect(
      ((await (await call(other.cookie, "/api/call-tracking/dni-numbers")).json()) as { numbers: [] })
        .numbers,
    ).toEqual([]);
    const edit = { phoneNumber: DIRECT, staticNumber: STATIC, source: "direct" };
    expect(
      (await call(other.cookie, `/api/call-tracking/dni-numbers/${id}`, { method: "PUT", json: edit }))
        .status,
    ).toBe(404);
    expect(
      (await call(other.cookie, `/api/call-tracking/dni-numbers/${id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (await call(memberCookie, `/api/call-tracking/dni-numbers/${id}`, { method: "DELETE" })).status,
    ).toBe(403);
    expect((await call(memberCookie, "/api/call-tracking/dni-numbers")).status).toBe(200);
  });
});

describe("the pasted script and its visits", () => {
  it("serves the script with the company's numbers for the static number", async () => {
    const setup = (await (await call(acme.cookie, "/api/call-tracking/setup")).json()) as {
      publicKey: string;
      scriptUrl: string;
    };
    key = setup.publicKey;
    expect(setup.scriptUrl).toBe(`http://localhost:3999/api/public/dni/script.js?key=${key}`);
    const res = await ctx.request(`/api/public/dni/script.js?key=${key}&static=5551234567&debug=false`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    const script = await res.text();
    expect(script).toContain('"google":"+15552000001"');
    expect(script).toContain('"direct":"+15552000002"');
    // Plain JavaScript that parses, with nothing left on the page's global scope.
    expect(() => new Function(script)).not.toThrow();
    const unknown = await ctx.request("/api/public/dni/script.js?key=nope&static=5551234567");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain("LEADPOST_DNI_CONFIG");
  });

  it("records a visit from a text/plain beacon, and answers the number it is to show", async () => {
    const beacon = {
      key,
      source: "google",
      utmSource: "google",
      utmCampaign: "spring",
      referrer: null,
      landingPage: "https://roofing.example/?utm_source=google",
      staticNumber: "5551234567",
    };
    const res = await ctx.request("/api/public/dni/sessions", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(beacon),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toMatchObject({ number: "+15552000001", sessionId: expect.any(String) });
    expect(
      (
        await ctx.request("/api/public/dni/sessions", {
          method: "POST",
          body: JSON.stringify({ ...beacon, key: "x" }),
        })
      ).status,
    ).toBe(404);
    expect((await ctx.request("/api/public/dni/sessions", { method: "POST", body: "not json" })).status).toBe(
      400,
    );
    const sessions = (await (await call(acme.cookie, "/api/call-tracking/sessions")).json()) as {
      sessions: { source: string; utmCampaign: string; number: { phoneNumber: string } | null }[];
    };
    expect(sessions.sessions).toHaveLength(1);
    expect(sessions.sessions[0]).toMatchObject({
      source: "google",
      utmCampaign: "spring",
      number: { phoneNumber: "+15552000001" },
    });
    const foreign = (await (await call(other.cookie, "/api/call-tracking/sessions")).json()) as {
      sessions: [];
    };
    expect(foreign.sessions).toEqual([]);
  });
});

describe("tracking numbers and attributed calls", () => {
  it("requires the 002 fields and a phone number of the company", async () => {
    const missing = await call(acme.cookie, "/api/call-tracking/tracking-numbers", {
      method: "POST",
      json: {},
    });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as TError).error.fields?.source).toEqual([
      "Please fill in all required fields",
    ]);
    const [foreignNumber] = await ctx.database.db
      .insert(phoneNumbers)
      .values({ companyId: other.companyId, phoneNumber: "+15559990000", type: "twilio" })
      .returning();
    const foreign = await call(acme.cookie, "/api/call-tracking/tracking-numbers", {
      method: "POST",
      json: { phoneNumberId: foreignNumber!.id, source: "google_ads", destinationNumber: "3035550100" },
    });
    expect(foreign.status).toBe(422);
  });

  it("logs a call to the google tracking number with source google, linked to the visit, in the analytics", async () => {
    const created = await call(acme.cookie, "/api/call-tracking/tracking-numbers", {
      method: "POST",
      json: {
        phoneNumberId: twilioNumberId,
        source: "google_ads",
        destinationNumber: "3035550100",
        campaignId: "c-42",
      },
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { message: string }).message).toBe(
      "Tracking number created successfully",
    );

    const db = ctx.database.db;
    const call1 = { companyId: acme.companyId, callSid: "CA1", from: "+13035550111", to: "+15552000001" };
    expect(await attributeInboundCall(db, { ...call1, status: "ringing" })).not.toBeNull();
    // A repeated webhook logs nothing new; a completed callback moves it forward, a late one never back.
    await attributeInboundCall(db, { ...call1, status: "ringing" });
    await updateTrackedCall(db, {
      companyId: acme.companyId,
      callSid: "CA1",
      status: "completed",
      duration: 95,
    });
    await updateTrackedCall(db, { companyId: acme.companyId, callSid: "CA1", status: "ringing" });
    expect(
      await attributeInboundCall(db, { ...call1, callSid: "CA2", to: "+15550000000", status: "ringing" }),
    ).toBeNull();

    const logs = await db
      .select()
      .from(callTrackingLogs)
      .where(eq(callTrackingLogs.companyId, acme.companyId));
    const [session] = await db.select().from(dniSessions).where(eq(dniSessions.companyId, acme.companyId));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      visitorSource: "google",
      campaignId: "c-42",
      status: "completed",
      duration: 95,
      dniSessionId: session!.id,
      attribution: "visit",
    });

    const res = await call(acme.cookie, "/api/call-tracking/analytics?days=7");
    expect(res.status).toBe(200);
    const analytics = (await res.json()) as {
      totalCalls: number;
      answeredCalls: number;
      answerRate: number;
      averageDuration: number;
      bySource: { source: string; calls: number }[];
      byDay: { date: string; calls: number }[];
      recentCalls: { callerNumber: string; visitorSource: string; landingPage: string }[];
    };
    expect(analytics).toMatchObject({
      totalCalls: 1,
      answeredCalls: 1,
      answerRate: 100,
      averageDuration: 95,
    });
    expect(analytics.bySource).toEqual([{ source: "google", calls: 1 }]);
    expect(analytics.byDay).toHaveLength(7);
    expect(analytics.byDay.at(-1)?.calls).toBe(1);
    expect(analytics.recentCalls[0]).toMatchObject({
      callerNumber: "+13035550111",
      visitorSource: "google",
      landingPage: "https://roofing.example/?utm_source=google",
    });
    expect((await call(acme.cookie, "/api/call-tracking/analytics?days=5")).status).toBe(422);
    const foreign = (await (await call(other.cookie, "/api/call-tracking/analytics")).json()) as {
      totalCalls: number;
    };
    expect(foreign.totalCalls).toBe(0);
  });

  it("shows the call on a lead from the same phone, only to its company", async () => {
    const [lead] = await ctx.database.db
      .insert(leads)
      .values({ companyId: acme.companyId, phone: "(303) 555-0111", name: "Caller", status: "new" })
      .returning();
    const res = await call(acme.cookie, `/api/call-tracking/leads/${lead!.id}/calls`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { calls: { visitorSource: string }[] };
    expect(body.calls.map((c) => c.visitorSource)).toEqual(["google"]);
    expect((await call(other.cookie, `/api/call-tracking/leads/${lead!.id}/calls`)).status).toBe(404);
  });

  it("deletes a tracking number once, for its company only", async () => {
    const list = (await (await call(acme.cookie, "/api/call-tracking/tracking-numbers")).json()) as {
      trackingNumbers: { id: string; phoneNumber: string }[];
    };
    expect(list.trackingNumbers[0]?.phoneNumber).toBe("+15552000001");
    const id = list.trackingNumbers[0]!.id;
    expect(
      (await call(other.cookie, `/api/call-tracking/tracking-numbers/${id}`, { method: "DELETE" })).status,
    ).toBe(404);
    const done = await call(acme.cookie, `/api/call-tracking/tracking-numbers/${id}`, { method: "DELETE" });
    expect(((await done.json()) as { message: string }).message).toBe("Tracking number deleted successfully");
  });
});

describe("a signed inbound call through the call center's webhook", () => {
  it("is logged with source google, linked to the visit, and counted in the analytics", async () => {
    const sid = await connectTwilio(ctx, acme.companyId);
    const params = {
      CallSid: "CA-webhook-1",
      AccountSid: sid,
      From: "+13035550122",
      To: "+15552000001",
      CallStatus: "ringing",
    };
    // Signed as Twilio signs, by its own library.
    const res = await ctx.request("/api/twilio/voice", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(
          TWILIO_TOKEN,
          `${TEST_ORIGIN}/api/twilio/voice`,
          params,
        ),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(200);
    const [log] = await ctx.database.db
      .select()
      .from(callTrackingLogs)
      .where(eq(callTrackingLogs.callSid, "CA-webhook-1"));
    const [session] = await ctx.database.db
      .select()
      .from(dniSessions)
      .where(eq(dniSessions.companyId, acme.companyId));
    expect(log).toMatchObject({
      visitorSource: "google",
      dniSessionId: session!.id,
      callerNumber: "+13035550122",
    });
    const analytics = (await (await call(acme.cookie, "/api/call-tracking/analytics?days=1")).json()) as {
      totalCalls: number;
      bySource: { source: string; calls: number }[];
    };
    expect(analytics.totalCalls).toBe(2);
    expect(analytics.bySource).toEqual([{ source: "google", calls: 2 }]);
  });
});
