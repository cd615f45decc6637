import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, TWILIO_TOKEN } from "./helpers/twilio";

// One number, one spelling (#25 item 3): every number the call center stores or dials is stored in its
// E.164 form, so two spellings are one number, junk is refused in the spec's words, and `<Number>`
// dials the normalised form. Webhooks are signed by the official twilio package, as Twilio signs them.

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let sid: string;
type TError = { error: { fields?: Record<string, string[]> } };

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@spell.test", "Spelling Co");
  sid = await connectTwilio(ctx, acme.companyId);
}, 60_000);
afterAll(() => ctx.close());

const post = (path: string, json: unknown) =>
  ctx.request(path, { method: "POST", cookie: acme.cookie, json });

function signedVoice(params: Record<string, string>) {
  const url = `${TEST_ORIGIN}/api/twilio/voice`;
  return ctx.request("/api/twilio/voice", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_TOKEN, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

describe("phone numbers in E.164", () => {
  it("stores a number typed any common way once, and refuses its second spelling", async () => {
    const first = await post("/api/calls/phone-numbers", { phoneNumber: "720-555-0100", type: "twilio" });
    expect(first.status).toBe(201);
    expect(((await first.json()) as { phoneNumber: { phoneNumber: string } }).phoneNumber.phoneNumber).toBe(
      "+17205550100",
    );
    const second = await post("/api/calls/phone-numbers", {
      phoneNumber: "+1 (720) 555-0100",
      type: "twilio",
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as TError).error.fields?.phoneNumber).toEqual([
      "This phone number is already in your list.",
    ]);
  });

  it('refuses "abc" and "123" with the spec\'s texts, for numbers, agents and blocked callers', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/calls/phone-numbers", { phoneNumber: "abc" }, "Invalid phone number format"],
      ["/api/calls/phone-numbers", { phoneNumber: "123" }, "Phone number must be at least 10 digits"],
      ["/api/calls/agents", { name: "Ann", phoneNumber: "123" }, "Phone number must be at least 10 digits"],
      ["/api/calls/agents", { name: "Ann", phoneNumber: "abc" }, "Invalid phone number format"],
      ["/api/calls/blocked-numbers", { phoneNumber: "abc" }, "Invalid phone number format"],
      [
        "/api/calls/routing-numbers",
        { label: "Office", phoneNumber: "123" },
        "Phone number must be in E.164 format (e.g., +15551234567)",
      ],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(((await res.json()) as TError).error.fields?.phoneNumber).toEqual([message]);
    }
    const blocked = (await (
      await ctx.request("/api/calls/blocked-numbers", { cookie: acme.cookie })
    ).json()) as {
      blockedNumbers: unknown[];
    };
    expect(blocked.blockedNumbers).toEqual([]);
  });

  it("blocks every spelling of a caller as one entry", async () => {
    expect((await post("/api/calls/blocked-numbers", { phoneNumber: "(303) 555-0177" })).status).toBe(201);
    expect((await post("/api/calls/blocked-numbers", { phoneNumber: "303.555.0177" })).status).toBe(409);
  });

  it("answers a call to the number whatever spelling it was saved in, and dials agents in E.164", async () => {
    const agent = await post("/api/calls/agents", {
      name: "Ada",
      phoneNumber: "(303) 555-0155",
      status: "available",
    });
    expect(agent.status).toBe(201);
    const res = await signedVoice({
      CallSid: "CAspell1",
      AccountSid: sid,
      From: "+13035550111",
      To: "+17205550100",
      CallStatus: "ringing",
      Direction: "inbound",
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain("+13035550155</Number>");
    expect(xml).not.toContain("(303)");
  });
});
