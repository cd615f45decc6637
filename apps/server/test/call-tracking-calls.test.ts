import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedCalls, callTrackingLogs, dniSessions, phoneNumbers, routingNumbers } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, TWILIO_TOKEN } from "./helpers/twilio";

// Calls to call tracking's numbers, driven as Twilio drives them: every webhook is signed with the
// official twilio package, and every answer is read as XML.

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let key: string;
const OTHER_TOKEN = "other-company-auth-token-987654321";
const STATIC = "(555) 123-4567";

/** Posts a webhook as Twilio does: form-encoded, signed by the official library over the full URL. */
function twilioPost(pathAndQuery: string, params: Record<string, string>, token = TWILIO_TOKEN) {
  const signature = twilio.getExpectedTwilioSignature(token, `${TEST_ORIGIN}${pathAndQuery}`, params);
  return ctx.request(pathAndQuery, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  });
}

const twiml = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("xml");
  const doc = new new JSDOM().window.DOMParser().parseFromString(await res.text(), "text/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
};

const api = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  ctx.request(path, { cookie, ...init });

/** A visit as the pasted script records it; answers the number it is to show. */
async function visit(source: string, campaign: string) {
  const res = await ctx.request("/api/public/dni/sessions", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({
      key,
      source,
      utmSource: source,
      utmCampaign: campaign,
      landingPage: `https://roofing.example/?utm_campaign=${campaign}`,
      staticNumber: STATIC,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { sessionId: string; number: string };
}

const logOf = async (callSid: string) =>
  (await ctx.database.db.select().from(callTrackingLogs).where(eq(callTrackingLogs.callSid, callSid)))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  await connectTwilio(ctx, acme.companyId, "AC_acme");
  const setup = (await (await api(acme.cookie, "/api/call-tracking/setup")).json()) as { publicKey: string };
  key = setup.publicKey;
});
afterAll(() => ctx.close());

describe("a tracking number", () => {
  let trackingNumberId: string;

  it("dials its destination with the caller's number and the number's recording", async () => {
    const [number] = await ctx.database.db
      .insert(phoneNumbers)
      .values({
        companyId: acme.companyId,
        phoneNumber: "+15553000001",
        type: "tracking",
        recordingEnabled: true,
        recordingMessage: "Calls are recorded.",
      })
      .returning();
    const created = await api(acme.cookie, "/api/call-tracking/tracking-numbers", {
      method: "POST",
      json: {
        phoneNumberId: number!.id,
        source: "google_ads",
        destinationNumber: "(303) 555-0100",
        campaignId: "spring",
      },
    });
    expect(created.status).toBe(201);
    trackingNumberId = ((await created.json()) as { id: string }).id;
    const list = (await (await api(acme.cookie, "/api/call-tracking/tracking-numbers")).json()) as {
      trackingNumbers: { destinationNumber: string }[];
    };
    expect(list.trackingNumbers[0]?.destinationNumber).toBe("+13035550100");

    const params = {
      CallSid: "CA-track-1",
      AccountSid: "AC_acme",
      From: "+17205550111",
      To: "+15553000001",
      CallStatus: "ringing",
    };
    const doc = await twiml(await twilioPost("/api/twilio/voice", params));
    expect(doc.querySelector("Response > Say")?.textContent).toBe("Calls are recorded.");
    const dial = doc.querySelector("Response > Dial");
    expect(dial?.getAttribute("callerId")).toBe("+17205550111");
    expect(dial?.getAttribute("record")).toBe("record-from-answer-dual");
    expect(dial?.getAttribute("recordingStatusCallback")).toBe(
      `${TEST_ORIGIN}/api/twilio/call-tracking/recording?company=${acme.companyId}`,
    );
    expect(dial?.getAttribute("action")).toBe(
      `${TEST_ORIGIN}/api/twilio/call-tracking/dial-done?company=${acme.companyId}`,
    );
    expect([...(dial?.querySelectorAll("Number") ?? [])].map((n) => n.textContent)).toEqual(["+13035550100"]);
    expect(await logOf("CA-track-1")).toMatchObject({
      companyId: acme.companyId,
      trackingNumberId,
      visitorSource: "google_ads",
      campaignId: "spring",
      callerNumber: "+17205550111",
      calledNumber: "+15553000001",
      status: "ringing",
    });

    // A replay answers the same and logs nothing new.
    const again = await twiml(await twilioPost("/api/twilio/voice", params));
    expect(again.querySelector("Dial > Number")?.textContent).toBe("+13035550100");
    const logs = await ctx.database.db
      .select()
      .from(callTrackingLogs)
      .where(eq(callTrackingLogs.callSid, "CA-track-1"));
    expect(logs).toHaveLength(1);
  });

  it("keeps the dialled leg's outcome: a call nobody answered is missed, an answered one has its talk time", async () => {
    const done = (callSid: string, status: string, duration?: string) =>
      twilioPost(`/api/twilio/call-tracking/dial-done?company=${acme.companyId}`, {
        CallSid: callSid,
        AccountSid: "AC_acme",
        DialCallStatus: status,
        ...(duration ? { DialCallDuration: duration } : {}),
      });
    const hangup = await twiml(await done("CA-track-1", "no-answer"));
    expect(hangup.querySelector("Response > Hangup")).not.toBeNull();
    // The caller's leg then completes: the call stays missed.
    await twilioPost(`/api/twilio/status?company=${acme.companyId}`, {
      CallSid: "CA-track-1",
      AccountSid: "AC_acme",
      CallStatus: "completed",
      CallDuration: "31",
    });
    expect(await logOf("CA-track-1")).toMatchObject({ status: "no-answer", duration: 0 });

    await twilioPost("/api/twilio/voice", {
      CallSid: "CA-track-2",
      AccountSid: "AC_acme",
      From: "+17205550112",
      To: "+15553000001",
      CallStatus: "ringing",
    });
    await done("CA-track-2", "completed", "42");
    const recorded = await twilioPost(`/api/twilio/call-tracking/recording?company=${acme.companyId}`, {
      CallSid: "CA-track-2",
      AccountSid: "AC_acme",
      RecordingSid: "RE1",
      RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC_acme/Recordings/RE1",
    });
    expect(recorded.status).toBe(204);
    expect(await logOf("CA-track-2")).toMatchObject({
      status: "completed",
      duration: 42,
      recordingSid: "RE1",
    });

    const analytics = (await (await api(acme.cookie, "/api/call-tracking/analytics?days=1")).json()) as {
      totalCalls: number;
      answeredCalls: number;
    };
    expect(analytics).toMatchObject({ totalCalls: 2, answeredCalls: 1 });
    // Unsigned, or signed for another company: refused, nothing changes.
    const forged = await twilioPost(
      `/api/twilio/call-tracking/dial-done?company=${acme.companyId}`,
      { CallSid: "CA-track-2", DialCallStatus: "failed" },
      OTHER_TOKEN,
    );
    expect(forged.status).toBe(403);
    expect((await logOf("CA-track-2"))?.status).toBe("completed");
  });

  it("rejects a blocked caller and dials nobody", async () => {
    await ctx.database.db
      .insert(blockedCalls)
      .values({ companyId: acme.companyId, phoneNumber: "+17205550199", reason: "Manually blocked" });
    const doc = await twiml(
      await twilioPost("/api/twilio/voice", {
        CallSid: "CA-track-blocked",
        AccountSid: "AC_acme",
        From: "+17205550199",
        To: "+15553000001",
      }),
    );
    expect(doc.querySelector("Response > Reject")).not.toBeNull();
    expect(doc.querySelector("Dial")).toBeNull();
  });

  it("is not answered for a request signed with another company's token", async () => {
    const res = await twilioPost(
      "/api/twilio/voice",
      { CallSid: "CA-forged", AccountSid: "AC_acme", From: "+17205550111", To: "+15553000001" },
      OTHER_TOKEN,
    );
    expect(res.status).toBe(403);
    expect(await logOf("CA-forged")).toBeUndefined();
  });
});

describe("a DNI number without a call-center entry", () => {
  it("refuses the same number and source twice, whatever its spelling", async () => {
    const add = (phoneNumber: string, source = "google") =>
      api(acme.cookie, "/api/call-tracking/dni-numbers", {
        method: "POST",
        json: { phoneNumber, staticNumber: STATIC, source },
      });
    expect((await add("+1 555 400 0001")).status).toBe(201);
    const twice = await add("(555) 400-0001");
    expect(twice.status).toBe(409);
    const body = (await twice.json()) as { error: { message: string; fields?: Record<string, string[]> } };
    expect(body.error.message).toBe("This tracking number is already set up for this source.");
    expect(body.error.fields?.phoneNumber).toEqual([
      "This tracking number is already set up for this source.",
    ]);
    // Another source for the same number is a different entry; another company may have it too.
    expect((await add("555-400-0001", "bing")).status).toBe(201);
    expect(
      (
        await api(other.cookie, "/api/call-tracking/dni-numbers", {
          method: "POST",
          json: { phoneNumber: "+15554000001", staticNumber: STATIC, source: "google" },
        })
      ).status,
    ).toBe(201);
    const bad = await add("abc");
    expect(bad.status).toBe(422);
    const list = (await (await api(acme.cookie, "/api/call-tracking/dni-numbers")).json()) as {
      numbers: { id: string; source: string }[];
    };
    // Editing the bing entry into the google one is refused the same way.
    const bing = list.numbers.find((n) => n.source === "bing")!;
    const edit = await api(acme.cookie, `/api/call-tracking/dni-numbers/${bing.id}`, {
      method: "PUT",
      json: { phoneNumber: "5554000001", staticNumber: STATIC, source: "google" },
    });
    expect(edit.status).toBe(409);
  });

  it("is answered by dialling the site's number, and attributed to the visit", async () => {
    const shown = await visit("google", "dni-spring");
    expect(shown.number).toBe("+15554000001");
    const doc = await twiml(
      await twilioPost("/api/twilio/voice", {
        CallSid: "CA-dni-1",
        AccountSid: "AC_acme",
        From: "+17205550131",
        To: "+15554000001",
        CallStatus: "ringing",
      }),
    );
    const dial = doc.querySelector("Response > Dial");
    expect(dial?.getAttribute("callerId")).toBe("+17205550131");
    expect(dial?.querySelector("Number")?.textContent).toBe("+15551234567");
    expect(await logOf("CA-dni-1")).toMatchObject({
      companyId: acme.companyId,
      dniSessionId: shown.sessionId,
      attribution: "visit",
      visitorSource: "google",
      campaignId: "dni-spring",
    });
  });
});

describe("a DNI number connected in the call center", () => {
  const call = (callSid: string, to: string) =>
    twilioPost("/api/twilio/voice", {
      CallSid: callSid,
      AccountSid: "AC_acme",
      From: "+17205550151",
      To: to,
      CallStatus: "ringing",
    });
  const addDni = async (phoneNumber: string) =>
    expect(
      (
        await api(acme.cookie, "/api/call-tracking/dni-numbers", {
          method: "POST",
          json: { phoneNumber, staticNumber: STATIC, source: "bing" },
        })
      ).status,
    ).toBe(201);

  it("only connected (no routing of its own): rings the site's number", async () => {
    await addDni("+15556000001");
    await ctx.database.db
      .insert(phoneNumbers)
      .values({ companyId: acme.companyId, phoneNumber: "+15556000001", type: "twilio" });
    const doc = await twiml(await call("CA-connected-1", "+15556000001"));
    expect(doc.querySelector("Dial > Number")?.textContent).toBe("+15551234567");
    expect(await logOf("CA-connected-1")).toMatchObject({
      visitorSource: "bing",
      calledNumber: "+15556000001",
    });
  });

  it("with routing of its own: the call center rings its routing number, and the call is still tracked", async () => {
    await addDni("+15556000002");
    const [routing] = await ctx.database.db
      .insert(routingNumbers)
      .values({ companyId: acme.companyId, label: "Office", phoneNumber: "+13035550177" })
      .returning();
    await ctx.database.db.insert(phoneNumbers).values({
      companyId: acme.companyId,
      phoneNumber: "+15556000002",
      type: "twilio",
      routeTo: [routing!.id],
    });
    const doc = await twiml(await call("CA-routed-1", "+15556000002"));
    expect(doc.querySelector("Dial > Number")?.textContent).toBe("+13035550177");
    expect(await logOf("CA-routed-1")).toMatchObject({ visitorSource: "bing", calledNumber: "+15556000002" });
  });
});

describe("two visitors, one call", () => {
  let first: { sessionId: string; number: string };
  let second: { sessionId: string; number: string };

  it("a pool gives each visit its own number: the call goes to the caller's own visit", async () => {
    for (const n of ["+15555000001", "+15555000002"]) {
      const res = await api(acme.cookie, "/api/call-tracking/dni-numbers", {
        method: "POST",
        json: { phoneNumber: n, staticNumber: STATIC, source: "facebook" },
      });
      expect(res.status).toBe(201);
    }
    first = await visit("facebook", "fb-spring");
    second = await visit("facebook", "fb-summer");
    expect(new Set([first.number, second.number])).toEqual(new Set(["+15555000001", "+15555000002"]));
    // The first visitor calls the number the page showed them, while the second is still browsing.
    await twilioPost("/api/twilio/voice", {
      CallSid: "CA-pool-1",
      AccountSid: "AC_acme",
      From: "+17205550141",
      To: first.number,
      CallStatus: "ringing",
    });
    expect(await logOf("CA-pool-1")).toMatchObject({
      dniSessionId: first.sessionId,
      campaignId: "fb-spring",
      attribution: "visit",
    });
  });

  it("more visitors than numbers: the call goes to the latest visit, labelled as such", async () => {
    const third = await visit("facebook", "fb-autumn");
    const fourth = await visit("facebook", "fb-winter");
    // Both pool numbers are held: each further visit shares the one held longest, so they spread.
    expect(third.number).toBe(first.number);
    expect(fourth.number).toBe(second.number);
    const shared = fourth.number;
    await twilioPost("/api/twilio/voice", {
      CallSid: "CA-pool-2",
      AccountSid: "AC_acme",
      From: "+17205550142",
      To: shared,
      CallStatus: "ringing",
    });
    expect(await logOf("CA-pool-2")).toMatchObject({
      dniSessionId: fourth.sessionId,
      campaignId: "fb-winter",
      attribution: "latest_visit",
    });
    const analytics = (await (await api(acme.cookie, "/api/call-tracking/analytics?days=1")).json()) as {
      recentCalls: { id: string; attribution: string | null; campaignId: string | null }[];
    };
    expect(analytics.recentCalls.find((c) => c.campaignId === "fb-winter")?.attribution).toBe("latest_visit");
    expect(analytics.recentCalls.find((c) => c.campaignId === "fb-spring")?.attribution).toBe("visit");
  });

  it("a later page keeps the visit's number held; another company's key cannot touch it", async () => {
    const [before] = await ctx.database.db
      .select({ lastSeenAt: dniSessions.lastSeenAt })
      .from(dniSessions)
      .where(and(eq(dniSessions.companyId, acme.companyId), eq(dniSessions.utmCampaign, "fb-spring")));
    const [session] = await ctx.database.db
      .select({ id: dniSessions.id })
      .from(dniSessions)
      .where(eq(dniSessions.utmCampaign, "fb-spring"));
    const otherKey = (
      (await (await api(other.cookie, "/api/call-tracking/setup")).json()) as { publicKey: string }
    ).publicKey;
    const seen = (k: string) =>
      ctx.request("/api/public/dni/sessions/seen", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ key: k, sessionId: session!.id }),
      });
    expect((await seen(otherKey)).status).toBe(404);
    expect((await seen(key)).status).toBe(204);
    const [after] = await ctx.database.db
      .select({ lastSeenAt: dniSessions.lastSeenAt })
      .from(dniSessions)
      .where(eq(dniSessions.id, session!.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before!.lastSeenAt.getTime());
  });
  it("a visit started again with the script's own id is the same visit, with its number; each company has its own", async () => {
    const visitKey = "5d2c7e4193ab4c0f8e1d2a6b9f3c4e70";
    const start = async (k: string) => {
      const res = await ctx.request("/api/public/dni/sessions", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({
          key: k,
          source: "facebook",
          utmCampaign: "fb-quick",
          staticNumber: STATIC,
          visitKey,
        }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { sessionId: string; number: string };
    };
    const once = await start(key);
    // The visitor clicked on before the first answer came: the later page asks again, as the same visit.
    const again = await start(key);
    expect(again).toEqual(once);
    const rows = await ctx.database.db
      .select({ id: dniSessions.id, companyId: dniSessions.companyId })
      .from(dniSessions)
      .where(eq(dniSessions.utmCampaign, "fb-quick"));
    expect(rows).toEqual([{ id: once.sessionId, companyId: acme.companyId }]);

    const otherKey = (
      (await (await api(other.cookie, "/api/call-tracking/setup")).json()) as { publicKey: string }
    ).publicKey;
    // The same id under another company's key is that company's visit, not a way into this one.
    const theirs = await start(otherKey);
    expect(theirs.sessionId).not.toBe(once.sessionId);
    const seen = (k: string, body: Record<string, string>) =>
      ctx.request("/api/public/dni/sessions/seen", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ key: k, ...body }),
      });
    expect((await seen(key, { visitKey })).status).toBe(204);
    expect((await seen(key, { visitKey: "0".repeat(32) })).status).toBe(404);
    expect((await seen(key, { visitKey: "not-a-visit" })).status).toBe(400);
  });
});
