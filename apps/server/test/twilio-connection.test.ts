import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTwilioFake } from "./fakes/twilio-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// #25 item 6: the Twilio badge shows working credentials. Saving needs both the SID and the token; on
// save the server asks Twilio's REST API for the account (basic auth) through the official twilio
// package, stores the verdict with its time, and the Call Center says "Twilio Connected" only after
// a successful check.

const ACCOUNT = {
  sid: "AC1111222233334444555566667777aaaa",
  authToken: "right-token-0001",
  friendlyName: "Acme",
};

let ctx: TTestContext;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  twilio = await startTwilioFake(ACCOUNT);
  ctx = await createTestContext({ TWILIO_API_BASE_URL: twilio.url });
  acme = await createCompanyWithOwner(ctx, "owner@connect.test", "Connect Co");
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await twilio.close();
});

type TStatus = { twilioConfigured: boolean; twilioCheckedAt: string | null };
type TSettings = { twilioVerification: string; twilioCheckedAt: string | null };
const save = (json: Record<string, unknown>) =>
  ctx.request("/api/settings/company", { method: "PUT", cookie: acme.cookie, json });
const badge = async () =>
  (await (await ctx.request("/api/calls/status", { cookie: acme.cookie })).json()) as TStatus;

describe("Twilio credentials", () => {
  it("refuses a SID without a token, and shows Not Configured", async () => {
    const res = await save({ twilioAccountSid: ACCOUNT.sid });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; fields?: Record<string, string[]> } };
    expect(body.error.fields?.twilioAuthToken).toEqual(["Account SID and Auth Token are required"]);
    expect((await badge()).twilioConfigured).toBe(false);
  });

  it("checks a mistyped token against Twilio on save: failed, and the badge stays Not Configured", async () => {
    const res = await save({ twilioAccountSid: ACCOUNT.sid, twilioAuthToken: "wrong-token-0002" });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as TSettings;
    expect(saved.twilioVerification).toBe("failed");
    expect(saved.twilioCheckedAt).not.toBeNull();
    expect((await badge()).twilioConfigured).toBe(false);
    const asked = twilio.requests.filter((r) => r.path === `/2010-04-01/Accounts/${ACCOUNT.sid}.json`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT.sid}:wrong-token-0002`).toString("base64")}`,
    );
  });

  it("says Connected once the right token passed the check, with the time of the check", async () => {
    const before = Date.now();
    const res = await save({ twilioAuthToken: ACCOUNT.authToken });
    const saved = (await res.json()) as TSettings;
    expect(saved.twilioVerification).toBe("verified");
    const status = await badge();
    expect(status.twilioConfigured).toBe(true);
    expect(Date.parse(status.twilioCheckedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });

  it("connects a number: lists the account's numbers and sets its voice URL and status callback", async () => {
    const pn = twilio.addNumber("+17205550188", "Main line");
    const listed = await ctx.request("/api/calls/twilio-numbers", { cookie: acme.cookie });
    expect(listed.status).toBe(200);
    const { numbers } = (await listed.json()) as {
      numbers: { sid: string; phoneNumber: string; connected: boolean }[];
    };
    expect(numbers).toEqual([
      { sid: pn.sid, phoneNumber: "+17205550188", friendlyName: "Main line", connected: false },
    ]);

    const added = await ctx.request("/api/calls/phone-numbers", {
      method: "POST",
      cookie: acme.cookie,
      json: { phoneNumber: "(720) 555-0188", type: "twilio" },
    });
    const id = ((await added.json()) as { phoneNumber: { id: string } }).phoneNumber.id;
    const connected = await ctx.request(`/api/calls/phone-numbers/${id}/connect`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(connected.status).toBe(200);

    const status = (await (await ctx.request("/api/calls/status", { cookie: acme.cookie })).json()) as {
      voiceUrl: string;
      statusCallbackUrl: string;
    };
    expect(pn.voice_url).toBe(status.voiceUrl);
    expect(pn.voice_method).toBe("POST");
    expect(pn.status_callback).toBe(status.statusCallbackUrl);
    expect(pn.status_callback_method).toBe("POST");
    const again = (await (
      await ctx.request("/api/calls/twilio-numbers", { cookie: acme.cookie })
    ).json()) as {
      numbers: { connected: boolean }[];
    };
    expect(again.numbers[0]?.connected).toBe(true);
  });

  it("refuses to connect a number the account does not have, and another company's number", async () => {
    const added = await ctx.request("/api/calls/phone-numbers", {
      method: "POST",
      cookie: acme.cookie,
      json: { phoneNumber: "+17205550199", type: "twilio" },
    });
    const id = ((await added.json()) as { phoneNumber: { id: string } }).phoneNumber.id;
    const res = await ctx.request(`/api/calls/phone-numbers/${id}/connect`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "This number is not in your Twilio account.",
    );
    const stranger = await createCompanyWithOwner(ctx, "owner@stranger.test", "Stranger Co");
    const theirs = await ctx.request(`/api/calls/phone-numbers/${id}/connect`, {
      method: "POST",
      cookie: stranger.cookie,
    });
    expect(theirs.status).toBe(404);
    expect((await ctx.request("/api/calls/twilio-numbers", { cookie: stranger.cookie })).status).toBe(422);
  });

  it("goes back to Not Configured when Verify finds the saved token no longer works", async () => {
    await twilio.close();
    const restarted = await startTwilioFake({ ...ACCOUNT, authToken: "rotated-token-0003" });
    // The same base URL is not guaranteed after a restart: point the check at the new fake.
    ctx.deps.config.twilio.apiBaseUrl = restarted.url;
    twilio = restarted;
    const res = await ctx.request("/api/settings/verify/twilio", {
      method: "POST",
      cookie: acme.cookie,
      json: {},
    });
    expect(((await res.json()) as { valid: boolean }).valid).toBe(false);
    expect((await badge()).twilioConfigured).toBe(false);
  });
});
