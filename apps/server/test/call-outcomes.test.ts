import { and, eq, sql } from "drizzle-orm";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs, companies, phoneNumbers, routingNumbers, userRoles } from "../src/db/schema";
import { twiml } from "../src/integrations/twilio";
import { startTwilioFake, type TTwilioFake } from "./fakes/twilio-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, postSignedWebhook, TWILIO_TOKEN } from "./helpers/twilio";

// Every webhook here is signed by the official `twilio` package (helpers/twilio.ts), as Twilio signs.

const SID = "AC_test_account";
const MAIN = "+15557770001";
const OFFICE = "+13035550001";
const CELL = "+13035550002";

let fake: TTwilioFake;
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let numberId: string;
let counter = 0;

type TCall = { id: string; status: string; outcome: string | null; dialStatus: string | null };
type TMetrics = {
  totalCalls: number;
  completedCalls: number;
  missedCalls: number;
  voicemailCalls: number;
  answerRate: number;
  averageDuration: number;
  byDay: { answered: number; missed: number; voicemail: number }[];
};

beforeAll(async () => {
  fake = await startTwilioFake({ sid: SID, authToken: TWILIO_TOKEN });
  ctx = await createTestContext({ TWILIO_API_BASE_URL: fake.url });
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  await connectTwilio(ctx, acme.companyId, SID);
  await connectTwilio(ctx, other.companyId, "AC_other");
  const db = ctx.database.db;
  const routing = await db
    .insert(routingNumbers)
    .values([
      { companyId: acme.companyId, label: "Office", phoneNumber: OFFICE },
      { companyId: acme.companyId, label: "Cell", phoneNumber: CELL },
    ])
    .returning();
  const [number] = await db
    .insert(phoneNumbers)
    .values({
      companyId: acme.companyId,
      phoneNumber: MAIN,
      type: "twilio",
      routingStrategy: "sequential",
      routeTo: routing.map((r) => r.id),
    })
    .returning();
  numberId = number!.id;
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const get = <T>(path: string, cookie = acme.cookie) => ctx.request(path, { cookie }).then((r) => json<T>(r));
const dialled = (xml: string) => [...xml.matchAll(/<Number[^>]*>([^<]+)<\/Number>/g)].map((m) => m[1]);
const actionOf = (xml: string) =>
  (/<Dial action="([^"]+)"/.exec(xml)?.[1] ?? "").replace(/&amp;/g, "&").replace(TEST_ORIGIN, "");
const q = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ company: acme.companyId, number: numberId, ...extra }).toString();

async function ring(extra: Record<string, string> = {}) {
  const params = {
    CallSid: `CAoutcome${++counter}`,
    AccountSid: SID,
    From: `+1303555${String(1000 + counter)}`,
    To: MAIN,
    CallStatus: "ringing",
    Direction: "inbound",
    ...extra,
  };
  const res = await postSignedWebhook(ctx, "/api/twilio/voice", params);
  expect(res.status).toBe(200);
  return { params, xml: await res.text() };
}
const afterDial = (path: string, callSid: string, DialCallStatus: string) =>
  postSignedWebhook(ctx, path, { CallSid: callSid, AccountSid: SID, DialCallStatus }).then((r) => r.text());
const status = (callSid: string, CallStatus: string, extra: Record<string, string> = {}) =>
  postSignedWebhook(ctx, `/api/twilio/status?company=${acme.companyId}`, {
    CallSid: callSid,
    AccountSid: SID,
    CallStatus,
    ...extra,
  });
const callRow = async (callSid: string) =>
  (await ctx.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
const wellFormed = (xml: string) => {
  try {
    new SaxesParser().write(xml).close();
    return true;
  } catch {
    return false;
  }
};

describe("honest call outcomes", () => {
  it("lets the Dial outcome decide answered, missed and voicemail, in history and in the metrics", async () => {
    // Answered: the first routing number picks up. Each <Number> reports its progress.
    const answered = await ring();
    expect(answered.xml).toContain('statusCallbackEvent="initiated ringing answered completed"');
    expect(answered.xml).toMatch(/<Number [^>]*statusCallback="[^"]+\/api\/twilio\/status\?[^"]*leg=dial/);
    const leg = (CallStatus: string, To: string) =>
      postSignedWebhook(ctx, `/api/twilio/status?${q({ leg: "dial" })}`, {
        CallSid: `CAleg${counter}`,
        ParentCallSid: answered.params.CallSid,
        AccountSid: SID,
        CallStatus,
        To,
      });
    expect((await leg("ringing", OFFICE)).status).toBe(204);
    expect((await leg("in-progress", OFFICE)).status).toBe(204);
    // The live dashboard shows it answered while it lasts, not ringing.
    const live = await get<{ calls: (TCall & { callSid?: string })[] }>("/api/calls/live");
    expect(live.calls.find((c) => c.status === "in-progress")).toMatchObject({ outcome: "answered" });
    await afterDial(actionOf(answered.xml), answered.params.CallSid, "completed");
    await status(answered.params.CallSid, "completed", { CallDuration: "60" });

    // Nobody answers, the caller leaves a voicemail (the recording is reported before the call's end).
    const voicemail = await ring();
    const second = await afterDial(actionOf(voicemail.xml), voicemail.params.CallSid, "no-answer");
    expect(dialled(second)).toEqual([CELL]);
    const toVoicemail = await afterDial(actionOf(second), voicemail.params.CallSid, "no-answer");
    expect(toVoicemail).toContain("<Record");
    await postSignedWebhook(ctx, `/api/twilio/recording?${q({ kind: "voicemail" })}`, {
      CallSid: voicemail.params.CallSid,
      AccountSid: SID,
      RecordingSid: "REoutcome1",
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/REoutcome1`,
      RecordingDuration: "12",
    });
    await status(voicemail.params.CallSid, "completed", { CallDuration: "45" });

    // Nobody answers and the caller hangs up before leaving a message.
    const missed = await ring();
    const next = await afterDial(actionOf(missed.xml), missed.params.CallSid, "busy");
    await afterDial(actionOf(next), missed.params.CallSid, "no-answer");
    await status(missed.params.CallSid, "completed", { CallDuration: "41" });

    expect(await callRow(answered.params.CallSid)).toMatchObject({
      status: "completed",
      outcome: "answered",
      dialStatus: "completed",
    });
    expect(await callRow(voicemail.params.CallSid)).toMatchObject({
      status: "completed",
      outcome: "voicemail",
      dialStatus: "no-answer",
    });
    expect(await callRow(missed.params.CallSid)).toMatchObject({ status: "completed", outcome: "missed" });

    const history = await get<{ calls: TCall[] }>("/api/calls/history");
    expect(history.calls.map((c) => c.outcome)).toEqual(["missed", "voicemail", "answered"]);
    const metrics = await get<TMetrics>("/api/calls/metrics?days=7");
    expect(metrics).toMatchObject({
      totalCalls: 3,
      completedCalls: 1,
      missedCalls: 1,
      voicemailCalls: 1,
      answerRate: 33,
      averageDuration: 60,
    });
    expect(metrics.byDay.at(-1)).toMatchObject({ answered: 1, missed: 1, voicemail: 1 });

    // A late replay of an earlier leg's failure does not undo the answer.
    await afterDial(actionOf(answered.xml), answered.params.CallSid, "no-answer");
    expect(await callRow(answered.params.CallSid)).toMatchObject({
      outcome: "answered",
      dialStatus: "completed",
    });
  });
});

describe("replays change nothing", () => {
  it("answers a replayed voice webhook with the same TwiML, one call, and the round-robin unturned", async () => {
    const db = ctx.database.db;
    await db
      .update(phoneNumbers)
      .set({ routingStrategy: "round_robin" })
      .where(eq(phoneNumbers.id, numberId));
    const first = await ring();
    const replays = await Promise.all(
      [1, 2, 3].map(() => postSignedWebhook(ctx, "/api/twilio/voice", first.params).then((r) => r.text())),
    );
    expect(replays).toEqual([first.xml, first.xml, first.xml]);
    const rows = await db.select().from(callLogs).where(eq(callLogs.callSid, first.params.CallSid));
    expect(rows).toHaveLength(1);
    // The next real call starts one further along: the replays did not move the rotation.
    const second = await ring();
    expect([dialled(first.xml)[0], dialled(second.xml)[0]].sort()).toEqual([OFFICE, CELL].sort());
    // The same webhook three times at once: one answer, one call, one turn.
    const cursor = async () =>
      (
        await db
          .select({ c: phoneNumbers.roundRobinCursor })
          .from(phoneNumbers)
          .where(eq(phoneNumbers.id, numberId))
      )[0]?.c;
    const before = await cursor();
    const together = { ...first.params, CallSid: `CAoutcome${++counter}` };
    const answers = await Promise.all(
      [1, 2, 3].map(() => postSignedWebhook(ctx, "/api/twilio/voice", together).then((r) => r.text())),
    );
    expect(new Set(answers).size).toBe(1);
    expect(await db.select().from(callLogs).where(eq(callLogs.callSid, together.CallSid))).toHaveLength(1);
    expect(await cursor()).toBe((before ?? 0) + 1);
    // The after-dial step follows the order stored with the call, and its replay answers the same.
    const step = actionOf(first.xml);
    const once = await afterDial(step, first.params.CallSid, "no-answer");
    expect(await afterDial(step, first.params.CallSid, "no-answer")).toBe(once);
    expect(dialled(once)).toEqual([dialled(first.xml)[0] === OFFICE ? CELL : OFFICE]);
    await db.update(phoneNumbers).set({ routingStrategy: "sequential" }).where(eq(phoneNumbers.id, numberId));
  });
});

describe("replays write nothing", () => {
  it("answers a replayed call to a sequential number from the stored row, leaving the row untouched", async () => {
    const db = ctx.database.db;
    // The row's version (xmin) changes with any write to it, so an unchanged version proves none.
    const version = async (callSid: string) =>
      (
        await db
          .select({ v: sql<string>`${callLogs}.xmin::text` })
          .from(callLogs)
          .where(eq(callLogs.callSid, callSid))
      ).map((r) => r.v);
    const first = await ring();
    expect(dialled(first.xml)).toEqual([OFFICE]);
    const written = await version(first.params.CallSid);
    expect(written).toHaveLength(1);
    const replays = await Promise.all(
      [1, 2, 3].map(() => postSignedWebhook(ctx, "/api/twilio/voice", first.params).then((r) => r.text())),
    );
    expect(replays).toEqual([first.xml, first.xml, first.xml]);
    expect(await version(first.params.CallSid)).toEqual(written);
    // The same new call three times at once: one row, every answer the same.
    const together = { ...first.params, CallSid: `CAoutcome${++counter}` };
    const answers = await Promise.all(
      [1, 2, 3].map(() => postSignedWebhook(ctx, "/api/twilio/voice", together).then((r) => r.text())),
    );
    expect(new Set(answers).size).toBe(1);
    expect(dialled(answers[0] ?? "")).toEqual([OFFICE]);
    expect(await version(together.CallSid)).toHaveLength(1);
  });
});

describe("test calls", () => {
  it("leaves no trace in live data, history or analytics, and does not turn the round-robin", async () => {
    const db = ctx.database.db;
    await db
      .update(phoneNumbers)
      .set({ routingStrategy: "round_robin" })
      .where(eq(phoneNumbers.id, numberId));
    const before = await get<{ calls: TCall[] }>("/api/calls/history");
    const liveBefore = await get<{ calls: TCall[] }>("/api/calls/live");
    const metricsBefore = await get<TMetrics>("/api/calls/metrics?days=1");
    const dashboardBefore = await get<{ totalCalls: number }>("/api/dashboard/summary");
    const [{ roundRobinCursor: cursor } = { roundRobinCursor: -1 }] = await db
      .select({ roundRobinCursor: phoneNumbers.roundRobinCursor })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, numberId));
    const res = await ctx.request("/api/calls/test-call", {
      cookie: acme.cookie,
      method: "POST",
      json: { phoneNumberId: numberId, from: "+13035550177" },
    });
    expect(res.status).toBe(200);
    const test = await json<{ callSid: string; outcome: string; twiml: string }>(res);
    expect(test.outcome).toBe("dialing");
    expect(await callRow(test.callSid)).toMatchObject({ isTest: true, status: "completed" });
    expect(await get<{ calls: TCall[] }>("/api/calls/live")).toEqual(liveBefore);
    expect((await get<{ calls: TCall[] }>("/api/calls/history")).calls).toEqual(before.calls);
    expect(await get<TMetrics>("/api/calls/metrics?days=1")).toEqual(metricsBefore);
    expect((await get<{ totalCalls: number }>("/api/dashboard/summary")).totalCalls).toBe(
      dashboardBefore.totalCalls,
    );
    const [after] = await db
      .select({ roundRobinCursor: phoneNumbers.roundRobinCursor })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, numberId));
    expect(after?.roundRobinCursor).toBe(cursor);
    // What the test showed is what the next real caller gets.
    const real = await ring();
    expect(dialled(real.xml)).toEqual(dialled(test.twiml));
    await db.update(phoneNumbers).set({ routingStrategy: "sequential" }).where(eq(phoneNumbers.id, numberId));
  });
});

describe("control characters", () => {
  it("are dropped on save, and a greeting saved with them still gives well-formed TwiML", async () => {
    const db = ctx.database.db;
    const patched = await ctx.request(`/api/calls/phone-numbers/${numberId}`, {
      cookie: acme.cookie,
      method: "PATCH",
      json: { voicemailGreeting: "Leave\u0007 a note\u000b please", recordingMessage: "Recorded\u0007 call" },
    });
    expect(patched.status).toBe(200);
    const [saved] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, numberId));
    expect(saved).toMatchObject({
      voicemailGreeting: "Leave a note please",
      recordingMessage: "Recorded call",
    });

    // Saved before the rule existed: cleaned when the TwiML is made.
    const routing = await db
      .select()
      .from(routingNumbers)
      .where(eq(routingNumbers.companyId, acme.companyId));
    await db
      .update(phoneNumbers)
      .set({
        voicemailGreeting: "Bell\u0007 and tab\u000b here",
        recordingMessage: "Rec\u0007orded",
        recordingEnabled: true,
        routeTo: routing.map((r) => r.id),
      })
      .where(eq(phoneNumbers.id, numberId));
    const dial = await ring();
    expect(wellFormed(dial.xml)).toBe(true);
    expect(dial.xml).toContain("<Say>Recorded</Say>");
    await db.update(phoneNumbers).set({ routeToVoicemail: true }).where(eq(phoneNumbers.id, numberId));
    const voicemail = await ring();
    expect(wellFormed(voicemail.xml)).toBe(true);
    expect(voicemail.xml).toContain(">Bell and tab here</Say>");
    const test = await ctx.request("/api/calls/test-call", {
      cookie: acme.cookie,
      method: "POST",
      json: { phoneNumberId: numberId },
    });
    expect(test.status).toBe(200);
    expect(wellFormed((await json<{ twiml: string }>(test)).twiml)).toBe(true);
    await db
      .update(phoneNumbers)
      .set({ routeToVoicemail: false, recordingEnabled: false })
      .where(eq(phoneNumbers.id, numberId));
  });

  it("the Test Call Center's check refuses TwiML that is not well-formed", () => {
    const good =
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="alice">Hi &amp; bye</Say><Hangup/></Response>';
    expect(twiml.isWellFormedXml(good)).toBe(true);
    for (const bad of [
      "<Response><Say>Hi \u0007</Say></Response>",
      "<Response><Say>Hi\u000b</Say></Response>",
      "<Response><Say>Hi</Response>",
      "<Response><Say>A & B</Say></Response>",
      "<Response/><Response/>",
      '<Response><Dial action="a<b"/></Response>',
    ]) {
      expect([twiml.isWellFormedXml(bad), wellFormed(bad)]).toEqual([false, false]);
    }
  });
});

describe("signature URL variants", () => {
  const setBase = (twilioWebhookBaseUrl: string | null) =>
    ctx.database.db.update(companies).set({ twilioWebhookBaseUrl }).where(eq(companies.id, acme.companyId));
  const params = () => ({
    CallSid: `CAport${++counter}`,
    AccountSid: SID,
    From: "+13035550160",
    To: MAIN,
    CallStatus: "ringing",
  });

  it("accepts :443 and the bare host alike, and another port as configured (as validateRequest does)", async () => {
    await setBase("https://calls.acme.test");
    const withPort = await postSignedWebhook(ctx, "/api/twilio/voice", params(), {
      url: "https://calls.acme.test:443/api/twilio/voice",
    });
    expect(withPort.status).toBe(200);
    await setBase("https://calls.acme.test:443");
    const bare = await postSignedWebhook(ctx, "/api/twilio/voice", params(), {
      url: "https://calls.acme.test/api/twilio/voice",
    });
    expect(bare.status).toBe(200);
    await setBase("https://calls.acme.test:8443");
    const other = await postSignedWebhook(ctx, "/api/twilio/voice", params(), {
      url: "https://calls.acme.test:8443/api/twilio/voice",
    });
    expect(other.status).toBe(200);
    // Signed for yet another port: not this address.
    const wrongPort = await postSignedWebhook(ctx, "/api/twilio/voice", params(), {
      url: "https://calls.acme.test:9443/api/twilio/voice",
    });
    expect(wrongPort.status).toBe(403);
    await setBase(null);
  });
});

describe("recordings through the product", () => {
  it("streams a call's and a voicemail's recording from Twilio with the company's credentials, and downloads with a name", async () => {
    const call = await ring();
    const twilioCall = fake.addCall({ sid: call.params.CallSid, from: call.params.From, to: MAIN });
    const recording = fake.addRecording(twilioCall.sid, 20);
    const voicemailRecording = fake.addRecording(twilioCall.sid, 8);
    await postSignedWebhook(ctx, `/api/twilio/recording?${q()}`, {
      CallSid: call.params.CallSid,
      AccountSid: SID,
      RecordingSid: recording.sid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/${recording.sid}`,
    });
    await postSignedWebhook(ctx, `/api/twilio/recording?${q({ kind: "voicemail" })}`, {
      CallSid: call.params.CallSid,
      AccountSid: SID,
      RecordingSid: voicemailRecording.sid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/${voicemailRecording.sid}`,
    });
    const history = await get<{ calls: (TCall & { recordingUrl: string | null })[] }>("/api/calls/history");
    const listed = history.calls.find((c) => c.recordingUrl);
    expect(listed?.recordingUrl).toMatch(/^\/api\/calls\/history\/[0-9a-f-]{36}\/recording$/);

    const played = await ctx.request(listed!.recordingUrl!, { cookie: acme.cookie });
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    expect(played.headers.get("content-disposition")).toMatch(
      /^inline; filename="call-\d{4}-\d\d-\d\d-\d+\.mp3"$/,
    );
    expect(Buffer.from(await played.arrayBuffer())).toEqual(recording.audio);
    const downloaded = await ctx.request(`${listed!.recordingUrl!}?download=1`, { cookie: acme.cookie });
    expect(downloaded.headers.get("content-disposition")).toMatch(/^attachment; filename="call-.+\.mp3"$/);

    const voicemails = await get<{ voicemails: { recordingUrl: string | null }[] }>("/api/calls/voicemails");
    const vm = voicemails.voicemails.find((v) => v.recordingUrl?.startsWith("/api/calls/voicemails/"));
    const vmAudio = await ctx.request(`${vm!.recordingUrl!}?download=1`, { cookie: acme.cookie });
    expect(vmAudio.status).toBe(200);
    expect(vmAudio.headers.get("content-disposition")).toMatch(/^attachment; filename="voicemail-.+\.mp3"$/);
    expect(Buffer.from(await vmAudio.arrayBuffer())).toEqual(voicemailRecording.audio);

    // Another company's ids: 404 and nothing streamed.
    const theirs = await ctx.request(listed!.recordingUrl!, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect((await ctx.request(vm!.recordingUrl!, { cookie: other.cookie })).status).toBe(404);
    // Twilio refusing (here: the recording is gone) is a clear 502, not a 500.
    fake.recordings.splice(fake.recordings.indexOf(recording), 1);
    const gone = await ctx.request(listed!.recordingUrl!, { cookie: acme.cookie });
    expect(gone.status).toBe(502);
    expect((await json<{ error: { message: string } }>(gone)).error.message).toBe(
      "The recording could not be fetched from Twilio. Please try again.",
    );
  });
});

describe("company-wide call settings", () => {
  it("are read and changed by name, and apply to numbers that do not set their own", async () => {
    const db = ctx.database.db;
    expect(await get<{ settings: unknown }>("/api/calls/settings")).toEqual({
      settings: {
        routingStrategy: "sequential",
        recordCalls: false,
        voicemailEnabled: true,
        transcribeVoicemail: false,
      },
    });
    const patch = (body: unknown, cookie = acme.cookie) =>
      ctx.request("/api/calls/settings", { cookie, method: "PATCH", json: body });
    expect((await patch({ recordCalls: true })).status).toBe(200);
    expect((await patch({ transcribeVoicemail: true })).status).toBe(200);
    expect((await get<{ settings: unknown }>("/api/calls/settings")).settings).toEqual({
      routingStrategy: "sequential",
      recordCalls: true,
      voicemailEnabled: true,
      transcribeVoicemail: true,
    });
    const bad = await patch({ recordCalls: "yes" });
    expect(bad.status).toBe(422);
    expect(
      (await json<{ error: { fields: Record<string, string[]> } }>(bad)).error.fields.recordCalls,
    ).toEqual(["Record calls must be on or off"]);

    // The number records nothing itself: the company's setting records it.
    const recorded = await ring();
    expect(recorded.xml).toContain('record="record-from-answer-dual"');
    // Voicemail off company-wide: nobody answering ends the call with an apology, no recording.
    expect((await patch({ voicemailEnabled: false })).status).toBe(200);
    expect(
      (await get<{ settings: { transcribeVoicemail: boolean } }>("/api/calls/settings")).settings,
    ).toMatchObject({ transcribeVoicemail: false });
    const call = await ring();
    const next = await afterDial(actionOf(call.xml), call.params.CallSid, "no-answer");
    const last = await afterDial(actionOf(next), call.params.CallSid, "no-answer");
    expect(last).not.toContain("<Record");
    expect(last).toContain("Sorry, no one is available to take your call. Please try again later.");
    expect(last).toContain("<Hangup/>");

    // A new number that names no strategy starts with the company's; one that names its own keeps it.
    expect((await patch({ routingStrategy: "round_robin" })).status).toBe(200);
    const add = (body: Record<string, unknown>) =>
      ctx
        .request("/api/calls/phone-numbers", { cookie: acme.cookie, method: "POST", json: body })
        .then((r) => json<{ phoneNumber: { routingStrategy: string } }>(r));
    expect((await add({ phoneNumber: "+15557770091", type: "twilio" })).phoneNumber.routingStrategy).toBe(
      "round_robin",
    );
    expect(
      (await add({ phoneNumber: "+15557770092", type: "twilio", routingStrategy: "simultaneous" }))
        .phoneNumber.routingStrategy,
    ).toBe("simultaneous");
    await patch({ routingStrategy: "sequential" });

    // Members read, only owners and admins change; another company keeps its own.
    const member = await createCompanyWithOwner(ctx, "member@acme.test", "Member Co");
    await db.delete(userRoles).where(eq(userRoles.userId, member.userId));
    await db.insert(userRoles).values({ userId: member.userId, companyId: acme.companyId, role: "member" });
    expect((await patch({ recordCalls: false }, member.cookie)).status).toBe(403);
    expect(
      (await get<{ settings: { recordCalls: boolean } }>("/api/calls/settings", member.cookie)).settings
        .recordCalls,
    ).toBe(true);
    expect(
      (await get<{ settings: { recordCalls: boolean } }>("/api/calls/settings", other.cookie)).settings
        .recordCalls,
    ).toBe(false);
    await patch({ recordCalls: false, voicemailEnabled: true, transcribeVoicemail: false });
    const rows = await db
      .select()
      .from(callLogs)
      .where(and(eq(callLogs.companyId, other.companyId)));
    expect(rows).toEqual([]);
  });
});
