import type { TCallDebugger } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs, companies, companySecrets, phoneNumbers, userRoles } from "../src/db/schema";
import { createTwilioClient, TwilioError } from "../src/integrations/twilio";
import { startTwilioFake, type TTwilioFake } from "./fakes/twilio-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, TWILIO_TOKEN } from "./helpers/twilio";

const SID = "AC_test_account";
const MAIN = "+15557770001";

let twilio: TTwilioFake;
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;

/** The in-process app as the fake's HTTP client: Twilio posts to our public URL. */
const appFetch = (url: string, init: RequestInit) => {
  const u = new URL(url);
  return ctx.request(u.pathname + u.search, init);
};
const json = async <T>(res: Response) => (await res.json()) as T;

beforeAll(async () => {
  twilio = await startTwilioFake({ sid: SID, authToken: TWILIO_TOKEN, friendlyName: "Acme calls" });
  ctx = await createTestContext({ TWILIO_API_BASE_URL: twilio.url });
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  await connectTwilio(ctx, acme.companyId, SID);
  await ctx.database.db
    .insert(phoneNumbers)
    .values({ companyId: acme.companyId, phoneNumber: MAIN, type: "twilio", routeToVoicemail: true });
});
afterAll(async () => {
  await ctx.close();
  await twilio.close();
});

describe("fake Twilio REST", () => {
  it("answers our client with Twilio's shapes behind Basic auth", async () => {
    const client = createTwilioClient(twilio.url, { accountSid: SID, authToken: TWILIO_TOKEN });
    expect(await client.account()).toMatchObject({ sid: SID, friendly_name: "Acme calls", status: "active" });
    const first = twilio.addCall({ from: "+13035550101", to: MAIN, status: "completed", duration: "42" });
    const call = twilio.addCall({ from: "+13035550102", to: MAIN, status: "in-progress" });
    twilio.addRecording(first.sid, 42);
    twilio.addNumber(MAIN, "Main line");

    const list = await client.listCalls(1);
    expect(list.calls).toHaveLength(1);
    expect((await client.listCalls()).calls.map((c) => c.sid).sort()).toEqual([first.sid, call.sid].sort());
    expect((await client.listRecordings(first.sid)).recordings).toMatchObject([{ duration: "42" }]);
    expect((await client.listRecordings(call.sid)).recordings).toEqual([]);
    expect((await client.findIncomingNumber(MAIN)).incoming_phone_numbers).toMatchObject([
      { phone_number: MAIN, friendly_name: "Main line" },
    ]);
    expect((await client.findIncomingNumber("+19999999999")).incoming_phone_numbers).toEqual([]);

    const ended = await client.endCall(call.sid);
    expect(ended.status).toBe("completed");
    expect(ended.end_time).toMatch(/\+0000$/);
    const missing = await client.endCall("CA_missing").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TwilioError);
    expect(missing).toMatchObject({ status: 404, code: 20404 });

    const wrong = createTwilioClient(twilio.url, { accountSid: SID, authToken: "not-the-token" });
    const denied = await wrong.account().catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401, code: 20003, message: "Authenticate" });
    const otherAccount = createTwilioClient(twilio.url, { accountSid: "AC_other", authToken: TWILIO_TOKEN });
    expect(await otherAccount.listCalls().catch((e: unknown) => e)).toMatchObject({ status: 401 });
  });

  it("signs its webhooks the way our webhook check expects", async () => {
    const voiceUrl = `${TEST_ORIGIN}/api/twilio/voice`;
    const placed = await twilio.placeInboundCall({
      voiceUrl,
      from: "+13035550150",
      to: MAIN,
      fetchImpl: appFetch,
    });
    expect(placed.status).toBe(200);
    expect(placed.twiml).toContain("<Record");
    // The same parameters signed for another address are refused.
    const params = { CallSid: "CA_forged", AccountSid: SID, From: "+13035550151", To: MAIN };
    const forged = twilio.webhookRequest(`${TEST_ORIGIN}/api/twilio/elsewhere`, params);
    expect((await appFetch(voiceUrl, forged)).status).toBe(403);
  });
});

describe("ending live calls through Twilio", () => {
  it("ends the live calls at Twilio when they are deleted and says how many", async () => {
    const voiceUrl = `${TEST_ORIGIN}/api/twilio/voice`;
    const live = await twilio.placeInboundCall({
      voiceUrl,
      from: "+13035550160",
      to: MAIN,
      fetchImpl: appFetch,
    });
    const gone = await twilio.placeInboundCall({
      voiceUrl,
      from: "+13035550161",
      to: MAIN,
      fetchImpl: appFetch,
    });
    // One call already ended at Twilio without our hearing of it: ending it again counts nothing.
    twilio.calls.splice(twilio.calls.indexOf(gone.call), 1);
    const history = await json<{ calls: { id: string; callSid: string; status: string }[] }>(
      await ctx.request("/api/calls/live", { cookie: acme.cookie }),
    );
    const ids = history.calls
      .filter((c) => c.callSid === live.call.sid || c.callSid === gone.call.sid)
      .map((c) => c.id);
    expect(ids).toHaveLength(2);

    const before = twilio.requests.length;
    const res = await ctx.request("/api/calls/delete", {
      method: "POST",
      cookie: acme.cookie,
      json: { callIds: ids },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      deletedCount: 2,
      twilioEndedCount: 1,
      message: "Successfully deleted 2 call(s). Ended 1 active call(s) via Twilio",
    });
    const ends = twilio.requests.slice(before).filter((r) => r.method === "POST");
    expect(ends.map((r) => r.path).sort()).toEqual(
      [
        `/2010-04-01/Accounts/${SID}/Calls/${live.call.sid}.json`,
        `/2010-04-01/Accounts/${SID}/Calls/${gone.call.sid}.json`,
      ].sort(),
    );
    expect(ends.every((r) => new URLSearchParams(r.body).get("Status") === "completed")).toBe(true);
    expect(live.call.status).toBe("completed");
    const after = await json<{ calls: { callSid: string }[] }>(
      await ctx.request("/api/calls/live", { cookie: acme.cookie }),
    );
    expect(after.calls.map((c) => c.callSid)).not.toContain(live.call.sid);
  });
});

describe("debugger", () => {
  it("checks the setup, lists Twilio's calls and this company's failed calls, with the legend", async () => {
    const db = ctx.database.db;
    const bad = twilio.addCall({
      from: "+13035550170",
      to: "12345",
      status: "failed",
      error_code: 21217,
      error_message: null,
    });
    await db.insert(callLogs).values([
      {
        companyId: acme.companyId,
        callSid: bad.sid,
        fromNumber: "+13035550170",
        toNumber: "12345",
        status: "failed",
      },
      {
        companyId: acme.companyId,
        callSid: "CA_local_noanswer",
        fromNumber: "+13035550171",
        status: "no-answer",
      },
      { companyId: acme.companyId, callSid: "CA_local_ok", fromNumber: "+13035550172", status: "completed" },
    ]);
    const res = await ctx.request("/api/calls/debugger", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    const body = await json<TCallDebugger>(res);
    expect(body.permissions).toMatchObject({
      accountSid: SID,
      hasCredentials: true,
      apiAccessible: true,
      status: "Twilio Connected",
    });
    expect(Object.fromEntries(body.permissions.checks.map((c) => [c.key, c.ok]))).toEqual({
      credentials: true,
      api: true,
      numbers: true,
      // The test server's address is http://localhost: Twilio could not reach it.
      webhook: false,
    });
    expect(body.permissions.checks.find((c) => c.key === "api")?.detail).toBe(
      "Connected to Acme calls (active)",
    );
    expect(body.providerCalls.length).toBe(twilio.calls.length);
    expect(body.providerCalls.find((c) => c.sid === bad.sid)).toMatchObject({
      from: "+13035550170",
      status: "failed",
      errorCode: 21217,
      errorMessage: "Invalid number format",
    });
    const completed = body.providerCalls.find((c) => c.status === "completed" && c.duration === 42);
    expect(completed?.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.providerError).toBeNull();
    // Both were logged at the same instant, so their order is not fixed; the completed call is no error.
    const errors = body.localErrors.map((e) => [e.callSid, e.errorCode, e.errorMessage]);
    expect(errors.sort()).toEqual(
      [
        ["CA_local_noanswer", "no-answer", "No answer"],
        [bad.sid, "21217", "Invalid number format"],
      ].sort(),
    );
    expect(body.localErrors.find((e) => e.callSid === bad.sid)?.moreInfo).toBe(
      "https://www.twilio.com/docs/errors/21217",
    );
    expect(body.legend).toEqual([
      { code: "21217", meaning: "Invalid number format" },
      { code: "13224", meaning: "Blocked by carrier" },
      { code: "21220", meaning: "Invalid for region" },
      { code: "no-answer", meaning: "No answer" },
      { code: "busy", meaning: "Busy" },
    ]);

    await db
      .update(companies)
      .set({ twilioWebhookBaseUrl: "https://calls.acme.example" })
      .where(eq(companies.id, acme.companyId));
    const public_ = await json<TCallDebugger>(
      await ctx.request("/api/calls/debugger", { cookie: acme.cookie }),
    );
    expect(public_.permissions.checks.find((c) => c.key === "webhook")).toMatchObject({
      ok: true,
      detail: "https://calls.acme.example/api/twilio/voice",
    });
  });

  it("answers 200 with the checks failing when Twilio is not configured, and shows only the company's own data", async () => {
    const other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
    await ctx.database.db.insert(callLogs).values({
      companyId: other.companyId,
      callSid: "CA_other_busy",
      fromNumber: "+13035550180",
      status: "busy",
    });
    const res = await ctx.request("/api/calls/debugger", { cookie: other.cookie });
    expect(res.status).toBe(200);
    const body = await json<TCallDebugger>(res);
    expect(body.permissions).toMatchObject({
      accountSid: null,
      hasCredentials: false,
      apiAccessible: false,
      status: "Twilio Not Configured",
    });
    expect(body.permissions.checks.slice(0, 3)).toEqual([
      { key: "credentials", label: "Twilio credentials", ok: false, detail: "Twilio Not Configured" },
      { key: "api", label: "Credentials valid", ok: false, detail: "Twilio Not Configured" },
      { key: "numbers", label: "Active Twilio number", ok: false, detail: "No active Twilio number" },
    ]);
    expect(body.providerCalls).toEqual([]);
    expect(body.providerError).toBe("Twilio Not Configured");
    expect(body.localErrors).toMatchObject([
      { callSid: "CA_other_busy", errorCode: "busy", errorMessage: "Busy" },
    ]);
    const acmeView = await json<TCallDebugger>(
      await ctx.request("/api/calls/debugger", { cookie: acme.cookie }),
    );
    expect(acmeView.localErrors.map((e) => e.callSid)).not.toContain("CA_other_busy");
  });

  it("says when Twilio is down rather than failing", async () => {
    twilio.state.failNext = 2;
    const res = await ctx.request("/api/calls/debugger", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    const body = await json<TCallDebugger>(res);
    const down = "Twilio answered 503 (error 20503): Service unavailable";
    expect(body.permissions).toMatchObject({ hasCredentials: true, apiAccessible: false });
    expect(body.permissions.checks.find((c) => c.key === "api")).toMatchObject({ ok: false, detail: down });
    expect(body.providerError).toBe(down);
    expect(body.providerCalls).toEqual([]);
    expect(body.localErrors.length).toBeGreaterThan(0);
  });

  it("says when Twilio refuses the credentials, and is for owners and admins only", async () => {
    const wrong = await createCompanyWithOwner(ctx, "owner@wrong.test", "Wrong Token Co");
    await ctx.database.db
      .update(companies)
      .set({ twilioAccountSid: SID })
      .where(eq(companies.id, wrong.companyId));
    await ctx.database.db.insert(companySecrets).values({
      companyId: wrong.companyId,
      name: "twilio_auth_token",
      ciphertext: ctx.deps.secretBox.seal("a-token-twilio-refuses"),
      last4: "uses",
    });
    const body = await json<TCallDebugger>(
      await ctx.request("/api/calls/debugger", { cookie: wrong.cookie }),
    );
    expect(body.permissions).toMatchObject({ hasCredentials: true, apiAccessible: false });
    expect(body.permissions.checks.find((c) => c.key === "api")).toMatchObject({
      ok: false,
      detail: "Invalid Twilio credentials",
    });
    expect(body.providerCalls).toEqual([]);
    expect(body.providerError).toBe("Invalid Twilio credentials");

    const member = await createCompanyWithOwner(ctx, "member@acme.test", "Member Co");
    await ctx.database.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
    expect((await ctx.request("/api/calls/debugger", { cookie: member.cookie })).status).toBe(403);
  });
});
