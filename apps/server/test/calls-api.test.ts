import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs, userRoles, voicemails } from "../src/db/schema";
import { sweepStaleCalls } from "../src/modules/calls";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { connectTwilio, postSignedWebhook } from "./helpers/twilio";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let memberCookie: string;
let numberId: string;
let routingId: string;

type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  const member = await createCompanyWithOwner(ctx, "member@acme.test", "Member Co");
  await ctx.database.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
  memberCookie = member.cookie;
  await connectTwilio(ctx, acme.companyId);
});
afterAll(() => ctx.close());

const call = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  ctx.request(path, { cookie, ...init });
const json = async <T>(res: Response) => (await res.json()) as T;

describe("call center API", () => {
  it("adds a Twilio number and a routing number and links them once", async () => {
    const badRouting = await call(acme.cookie, "/api/calls/routing-numbers", {
      method: "POST",
      json: { label: "", phoneNumber: "303-555" },
    });
    expect(badRouting.status).toBe(422);
    const fields = (await json<TError>(badRouting)).error.fields;
    expect(fields?.label).toEqual(["Label is required"]);
    expect(fields?.phoneNumber).toEqual(["Phone number must be in E.164 format (e.g., +15551234567)"]);

    const number = await call(acme.cookie, "/api/calls/phone-numbers", {
      method: "POST",
      json: { phoneNumber: "+15557770001", type: "twilio", description: "Main line" },
    });
    expect(number.status).toBe(201);
    numberId = (await json<{ phoneNumber: { id: string } }>(number)).phoneNumber.id;
    const routing = await call(acme.cookie, "/api/calls/routing-numbers", {
      method: "POST",
      json: { label: "Office", phoneNumber: "+13035550001" },
    });
    routingId = (await json<{ routingNumber: { id: string } }>(routing)).routingNumber.id;
    const link = `/api/calls/phone-numbers/${numberId}/routing-numbers/${routingId}`;
    expect((await call(acme.cookie, link, { method: "POST" })).status).toBe(200);
    const again = await call(acme.cookie, link, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await json<TError>(again)).error.message).toBe(
      "This routing number is already associated with this Twilio number",
    );
    const list = await json<{ phoneNumbers: { id: string; routingNumberIds: string[] }[] }>(
      await call(acme.cookie, "/api/calls/phone-numbers"),
    );
    expect(list.phoneNumbers[0]?.routingNumberIds).toEqual([routingId]);
  });

  it("runs a test call through the webhook (a test: never live or in history), then rejects it once the caller is blocked", async () => {
    const first = await call(acme.cookie, "/api/calls/test-call", {
      method: "POST",
      json: { phoneNumberId: numberId, from: "+13035550177" },
    });
    expect(first.status).toBe(200);
    expect(await json<{ outcome: string }>(first)).toMatchObject({ outcome: "dialing" });
    const live = await json<{ calls: { status: string; fromNumber: string }[] }>(
      await call(acme.cookie, "/api/calls/live"),
    );
    expect(live.calls).toEqual([]);

    const block = await call(acme.cookie, "/api/calls/blocked-numbers", {
      method: "POST",
      json: { phoneNumber: "(303) 555-0177" },
    });
    expect(block.status).toBe(201);
    expect(await json<{ phoneNumber: string }>(block)).toMatchObject({ phoneNumber: "+13035550177" });
    const twice = await call(acme.cookie, "/api/calls/blocked-numbers", {
      method: "POST",
      json: { phoneNumber: "303.555.0177" },
    });
    expect(twice.status).toBe(409);
    expect((await json<TError>(twice)).error.message).toBe("This number is already blocked");
    const blocked = await json<{ blockedNumbers: { reason: string }[] }>(
      await call(acme.cookie, "/api/calls/blocked-numbers"),
    );
    expect(blocked.blockedNumbers[0]?.reason).toBe("Manually blocked");

    const second = await call(acme.cookie, "/api/calls/test-call", {
      method: "POST",
      json: { phoneNumberId: numberId, from: "+13035550177" },
    });
    expect(await json<{ outcome: string }>(second)).toMatchObject({ outcome: "rejected" });
    const history = await json<{ calls: { status: string }[] }>(
      await call(acme.cookie, "/api/calls/history"),
    );
    expect(history.calls).toEqual([]);
  });

  it("refuses a member's test call with 403 and places no call", async () => {
    const refused = await call(memberCookie, "/api/calls/test-call", {
      method: "POST",
      json: { phoneNumberId: numberId, from: "+13035550178" },
    });
    expect(refused.status).toBe(403);
    expect((await json<TError>(refused)).error.message).toBe(
      "Permission denied. You must be an owner or admin to change the call center.",
    );
    const history = await json<{ calls: { fromNumber: string }[] }>(
      await call(acme.cookie, "/api/calls/history"),
    );
    expect(history.calls.map((c) => c.fromNumber)).not.toContain("+13035550178");
  });

  it("counts metrics, marks voicemails read and sweeps stale calls", async () => {
    const db = ctx.database.db;
    const [vm] = await db
      .insert(voicemails)
      .values({ companyId: acme.companyId, fromNumber: "+13035550111", recordingSid: "RE-api", duration: 9 })
      .returning();
    let list = await json<{ unread: number }>(await call(acme.cookie, "/api/calls/voicemails"));
    expect(list.unread).toBe(1);
    expect((await call(acme.cookie, `/api/calls/voicemails/${vm!.id}/read`, { method: "POST" })).status).toBe(
      200,
    );
    list = await json<{ unread: number }>(await call(acme.cookie, "/api/calls/voicemails"));
    expect(list.unread).toBe(0);

    // A real call (the test calls above are not counted).
    const ringing = await postSignedWebhook(ctx, "/api/twilio/voice", {
      CallSid: "CA-api-1",
      AccountSid: "AC_test_account",
      From: "+13035550188",
      To: "+15557770001",
      CallStatus: "ringing",
    });
    expect(ringing.status).toBe(200);
    const metrics = await json<{ totalCalls: number; activeCalls: number }>(
      await call(acme.cookie, "/api/calls/metrics?days=7"),
    );
    expect(metrics).toMatchObject({ totalCalls: 1, activeCalls: 1 });
    // A call left ringing for over two hours is marked failed by the sweep.
    await db
      .update(callLogs)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(callLogs.status, "ringing"));
    expect(await sweepStaleCalls(ctx.deps)).toBe(1);
    const live = await json<{ calls: unknown[] }>(await call(acme.cookie, "/api/calls/live"));
    expect(live.calls).toEqual([]);
  });

  it("answers another company's ids with 404 and refuses members' changes", async () => {
    const history = await json<{ calls: { id: string }[] }>(await call(acme.cookie, "/api/calls/history"));
    const callId = history.calls[0]!.id;
    const [vm] = await ctx.database.db
      .select()
      .from(voicemails)
      .where(eq(voicemails.companyId, acme.companyId));
    expect(
      (
        await call(other.cookie, `/api/calls/phone-numbers/${numberId}`, {
          method: "PATCH",
          json: { isActive: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(other.cookie, `/api/calls/phone-numbers/${numberId}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (await call(other.cookie, "/api/calls/delete", { method: "POST", json: { callIds: [callId] } })).status,
    ).toBe(404);
    expect(
      (await call(other.cookie, `/api/calls/voicemails/${vm!.id}/read`, { method: "POST" })).status,
    ).toBe(404);
    expect(
      (await call(other.cookie, `/api/calls/routing-numbers/${routingId}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (
        await call(other.cookie, "/api/calls/test-call", {
          method: "POST",
          json: { phoneNumberId: numberId },
        })
      ).status,
    ).toBe(404);
    expect(await json<{ calls: unknown[] }>(await call(other.cookie, "/api/calls/history"))).toEqual({
      calls: [],
    });
    expect(
      (await call(memberCookie, `/api/calls/phone-numbers/${numberId}`, { method: "DELETE" })).status,
    ).toBe(403);
    expect((await call(memberCookie, "/api/calls/history")).status).toBe(200);
    const deleted = await call(acme.cookie, "/api/calls/delete", {
      method: "POST",
      json: { callIds: [callId] },
    });
    expect(await json<{ message: string }>(deleted)).toMatchObject({
      message: "Successfully deleted 1 call(s)",
    });
  });
});

describe("call center status", () => {
  it("says Twilio Connected only to the company whose credentials are saved, with its webhook addresses", async () => {
    type TStatus = { twilioConfigured: boolean; voiceUrl: string; statusCallbackUrl: string };
    const mine = await json<TStatus>(await call(acme.cookie, "/api/calls/status"));
    expect(mine.twilioConfigured).toBe(true);
    expect(mine.voiceUrl).toMatch(/^https?:\/\/.+\/api\/twilio\/voice$/);
    expect(mine.statusCallbackUrl).toBe(
      `${mine.voiceUrl.replace(/\/voice$/, "/status")}?company=${acme.companyId}`,
    );
    const theirs = await json<TStatus>(await call(other.cookie, "/api/calls/status"));
    expect(theirs.twilioConfigured).toBe(false);
    expect((await ctx.request("/api/calls/status")).status).toBe(401);
  });
});
