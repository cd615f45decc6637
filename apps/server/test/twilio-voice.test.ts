import { and, eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callCenterAgents,
  callLogs,
  phoneNumbers,
  routingNumbers,
  twilioNumberRouting,
  voicemails,
} from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, postSignedWebhook, TWILIO_TOKEN } from "./helpers/twilio";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let sid: string;
let numberId: string;

const MAIN = "+15557770001";
let callCounter = 0;
const inbound = (extra: Record<string, string> = {}) => ({
  CallSid: `CA${++callCounter}`,
  AccountSid: sid,
  From: "+13035550111",
  To: MAIN,
  CallStatus: "ringing",
  Direction: "inbound",
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  sid = await connectTwilio(ctx, acme.companyId);
  await connectTwilio(ctx, other.companyId, "AC_other");
  const db = ctx.database.db;
  const [number] = await db
    .insert(phoneNumbers)
    .values({ companyId: acme.companyId, phoneNumber: MAIN, type: "twilio", routingStrategy: "sequential" })
    .returning();
  numberId = number!.id;
  const routing = await db
    .insert(routingNumbers)
    .values([
      { companyId: acme.companyId, label: "Office", phoneNumber: "+13035550001" },
      { companyId: acme.companyId, label: "Cell", phoneNumber: "+13035550002" },
    ])
    .returning();
  await db
    .update(phoneNumbers)
    .set({ routeTo: routing.map((r) => r.id) })
    .where(eq(phoneNumbers.id, numberId));
  await db
    .insert(twilioNumberRouting)
    .values(
      routing.map((r) => ({ companyId: acme.companyId, twilioNumberId: numberId, routingNumberId: r.id })),
    );
});
afterAll(() => ctx.close());

const setStrategy = (routingStrategy: "sequential" | "round_robin" | "simultaneous") =>
  ctx.database.db.update(phoneNumbers).set({ routingStrategy }).where(eq(phoneNumbers.id, numberId));
const dialled = (xml: string) => [...xml.matchAll(/<Number[^>]*>([^<]+)<\/Number>/g)].map((m) => m[1]);

describe("inbound voice webhook", () => {
  it("refuses a missing or wrong signature with 403 and logs nothing", async () => {
    const params = inbound();
    expect((await postSignedWebhook(ctx, "/api/twilio/voice", params, { signature: null })).status).toBe(403);
    expect((await postSignedWebhook(ctx, "/api/twilio/voice", params, { token: "wrong-token" })).status).toBe(
      403,
    );
    // Signed for another URL: the signature covers the address Twilio called.
    const forged = twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `${TEST_ORIGIN}/api/twilio/other`, params);
    expect((await postSignedWebhook(ctx, "/api/twilio/voice", params, { signature: forged })).status).toBe(
      403,
    );
    // The other company's token cannot act on this company's number.
    const otherToken = await postSignedWebhook(ctx, "/api/twilio/voice", {
      ...params,
      AccountSid: "AC_other",
    });
    expect(otherToken.status).toBe(403);
    const logged = await ctx.database.db.select().from(callLogs).where(eq(callLogs.callSid, params.CallSid));
    expect(logged).toEqual([]);
  });

  it("rings two routing numbers one after the other (sequential), then voicemail", async () => {
    await setStrategy("sequential");
    const params = inbound();
    const res = await postSignedWebhook(ctx, "/api/twilio/voice", params);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/xml");
    const xml = await res.text();
    expect(dialled(xml)).toEqual(["+13035550001"]);
    const action = /<Dial action="([^"]+)"/.exec(xml)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const next = await postSignedWebhook(ctx, action.replace(TEST_ORIGIN, ""), {
      CallSid: params.CallSid,
      AccountSid: sid,
      DialCallStatus: "no-answer",
    });
    const xml2 = await next.text();
    expect(dialled(xml2)).toEqual(["+13035550002"]);
    const action2 = /<Dial action="([^"]+)"/.exec(xml2)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const last = await postSignedWebhook(ctx, action2.replace(TEST_ORIGIN, ""), {
      CallSid: params.CallSid,
      AccountSid: sid,
      DialCallStatus: "busy",
    });
    expect(await last.text()).toContain("<Record");
  });

  it("rings both at once (all at once)", async () => {
    await setStrategy("simultaneous");
    const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", inbound())).text();
    expect(dialled(xml)).toEqual(["+13035550001", "+13035550002"]);
    expect(xml.match(/<Dial /g)).toHaveLength(1);
  });

  it("orders routing numbers by the number's route list, linked ones after; without any, the available agents by sequence", async () => {
    const db = ctx.database.db;
    const [listed, linkedOnly, elsewhere] = await db
      .insert(routingNumbers)
      .values([
        { companyId: acme.companyId, label: "Listed", phoneNumber: "+13035550011" },
        { companyId: acme.companyId, label: "Linked", phoneNumber: "+13035550012" },
        { companyId: acme.companyId, label: "Elsewhere", phoneNumber: "+13035550013" },
      ])
      .returning();
    const ORDERED = "+15557770011";
    const [ordered] = await db
      .insert(phoneNumbers)
      .values({
        companyId: acme.companyId,
        phoneNumber: ORDERED,
        type: "twilio",
        routingStrategy: "simultaneous",
        routeTo: [listed!.id],
      })
      .returning();
    await db
      .insert(twilioNumberRouting)
      .values({ companyId: acme.companyId, twilioNumberId: ordered!.id, routingNumberId: linkedOnly!.id });
    const call = async (to: string) =>
      (await postSignedWebhook(ctx, "/api/twilio/voice", inbound({ To: to }))).text();
    // The listed one first, then the linked one; a routing number of neither is not rung.
    expect(dialled(await call(ORDERED))).toEqual(["+13035550011", "+13035550012"]);
    expect(elsewhere).toBeTruthy();

    const AGENTS = "+15557770012";
    await db.insert(phoneNumbers).values({
      companyId: acme.companyId,
      phoneNumber: AGENTS,
      type: "twilio",
      routingStrategy: "simultaneous",
    });
    await db.insert(callCenterAgents).values([
      {
        companyId: acme.companyId,
        name: "Second",
        phoneNumber: "+13035550402",
        status: "available",
        sequenceOrder: 2,
      },
      {
        companyId: acme.companyId,
        name: "First",
        phoneNumber: "+13035550401",
        status: "available",
        sequenceOrder: 1,
      },
      {
        companyId: acme.companyId,
        name: "Away",
        phoneNumber: "+13035550400",
        status: "offline",
        sequenceOrder: 0,
      },
      {
        companyId: other.companyId,
        name: "Other's",
        phoneNumber: "+13035550499",
        status: "available",
        sequenceOrder: 0,
      },
    ]);
    const params = inbound({ To: AGENTS });
    const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", params)).text();
    expect(dialled(xml)).toEqual(["+13035550401", "+13035550402"]);
    const [logged] = await db.select().from(callLogs).where(eq(callLogs.callSid, params.CallSid));
    expect(logged?.dialTargets?.map((t) => t.phoneNumber)).toEqual(["+13035550401", "+13035550402"]);
    expect(logged?.dialTargets?.every((t) => t.agentId !== null)).toBe(true);
    await db.delete(callCenterAgents).where(eq(callCenterAgents.companyId, acme.companyId));
  });

  it("rotates the first number across calls (round-robin)", async () => {
    await setStrategy("round_robin");
    const firsts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", inbound())).text();
      firsts.push(dialled(xml)[0] ?? "");
    }
    expect(firsts).toEqual(["+13035550001", "+13035550002", "+13035550001", "+13035550002"]);
  });

  it("plays the recording message and records when recording is on", async () => {
    await setStrategy("sequential");
    await ctx.database.db
      .update(phoneNumbers)
      .set({ recordingEnabled: true })
      .where(eq(phoneNumbers.id, numberId));
    const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", inbound())).text();
    expect(xml).toContain("<Say>This call may be recorded for quality and training purposes.</Say>");
    expect(xml).toContain('record="record-from-answer-dual"');
    await ctx.database.db
      .update(phoneNumbers)
      .set({ recordingEnabled: false })
      .where(eq(phoneNumbers.id, numberId));
  });

  it("takes a voicemail with the greeting in the chosen voice", async () => {
    await ctx.database.db
      .update(phoneNumbers)
      .set({
        routeToVoicemail: true,
        voicemailGreeting: "Leave us a note",
        voicemailVoice: "Polly.Joanna",
        transcribeVoicemail: true,
      })
      .where(eq(phoneNumbers.id, numberId));
    const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", inbound())).text();
    expect(xml).toContain('<Say voice="Polly.Joanna">Leave us a note</Say>');
    expect(xml).toMatch(/<Record [^>]*transcribe="true"/);
    await ctx.database.db
      .update(phoneNumbers)
      .set({ routeToVoicemail: false })
      .where(eq(phoneNumbers.id, numberId));
  });

  it("rejects a blocked caller, whatever the format the number was blocked in", async () => {
    const block = await ctx.request("/api/calls/blocked-numbers", {
      method: "POST",
      cookie: acme.cookie,
      json: { phoneNumber: "(303) 555-0199" },
    });
    expect(block.status).toBe(201);
    const params = inbound({ From: "+13035550199" });
    const xml = await (await postSignedWebhook(ctx, "/api/twilio/voice", params)).text();
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
    const [call] = await ctx.database.db.select().from(callLogs).where(eq(callLogs.callSid, params.CallSid));
    expect(call?.status).toBe("blocked");
  });
});

describe("callbacks", () => {
  it("never moves a call backwards, and counts a repeated callback once", async () => {
    const db = ctx.database.db;
    const [agent] = await db
      .insert(callCenterAgents)
      .values({ companyId: acme.companyId, name: "Ann", phoneNumber: "+13035550300", status: "available" })
      .returning();
    const params = inbound();
    await postSignedWebhook(ctx, "/api/twilio/voice", params);
    await db.update(callLogs).set({ agentId: agent!.id }).where(eq(callLogs.callSid, params.CallSid));
    const status = (CallStatus: string, extra: Record<string, string> = {}) =>
      postSignedWebhook(ctx, `/api/twilio/status?company=${acme.companyId}`, {
        CallSid: params.CallSid,
        AccountSid: sid,
        CallStatus,
        ...extra,
      });
    expect((await status("in-progress")).status).toBe(204);
    expect((await status("completed", { CallDuration: "42" })).status).toBe(204);
    await status("completed", { CallDuration: "42" });
    await status("ringing");
    const [call] = await db.select().from(callLogs).where(eq(callLogs.callSid, params.CallSid));
    expect(call).toMatchObject({ status: "completed", duration: 42 });
    const [after] = await db.select().from(callCenterAgents).where(eq(callCenterAgents.id, agent!.id));
    expect(after?.callCount).toBe(1);
    // A callback without the company in its address finds it from the call; a bad signature changes nothing.
    const unsigned = await postSignedWebhook(
      ctx,
      "/api/twilio/status",
      { CallSid: params.CallSid, AccountSid: sid, CallStatus: "failed" },
      { token: "nope" },
    );
    expect(unsigned.status).toBe(403);
  });

  it("stores a voicemail once and its transcription", async () => {
    const params = inbound();
    await postSignedWebhook(ctx, "/api/twilio/voice", params);
    const recording = {
      CallSid: params.CallSid,
      AccountSid: sid,
      RecordingSid: "RE1",
      RecordingUrl: "https://api.twilio.com/recordings/RE1",
      RecordingDuration: "17",
    };
    const path = `/api/twilio/recording?company=${acme.companyId}&number=${numberId}&kind=voicemail`;
    expect((await postSignedWebhook(ctx, path, recording)).status).toBe(204);
    expect((await postSignedWebhook(ctx, path, recording)).status).toBe(204);
    await postSignedWebhook(ctx, `/api/twilio/transcription?company=${acme.companyId}&number=${numberId}`, {
      AccountSid: sid,
      RecordingSid: "RE1",
      TranscriptionText: "Please call me back about the roof",
    });
    const rows = await ctx.database.db
      .select()
      .from(voicemails)
      .where(and(eq(voicemails.companyId, acme.companyId), eq(voicemails.recordingSid, "RE1")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromNumber: "+13035550111",
      duration: 17,
      transcription: "Please call me back about the roof",
    });
  });
});
