import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../src/db/schema";
import { isValidSvixSignature, svixSignature } from "../src/integrations/email/svix-signature";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// #25 item 2: every webhook address Settings and the Call Center show is one the server answers, and
// Resend's delivery events reach the e-mail log.

const SECRET = `whsec_${Buffer.from("acme-resend-signing-secret").toString("base64")}`;

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext({ TWILIO_API_BASE_URL: "http://127.0.0.1:9" });
  acme = await createCompanyWithOwner(ctx, "owner@hooks.test", "Hooks Co");
  other = await createCompanyWithOwner(ctx, "owner@other-hooks.test", "Other Hooks");
  const res = await ctx.request("/api/settings/company", {
    method: "PUT",
    cookie: acme.cookie,
    json: { resendWebhookSecret: SECRET },
  });
  expect(res.status).toBe(200);
}, 60_000);
afterAll(() => ctx.close());

const json = async <T>(res: Response) => (await res.json()) as T;

function postResendEvent(companyId: string, event: unknown, opts: { secret?: string; at?: number } = {}) {
  const body = JSON.stringify(event);
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const timestamp = String(Math.floor((opts.at ?? Date.now()) / 1000));
  return ctx.request(`/api/webhooks/resend/${companyId}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": timestamp,
      "svix-signature": `v1,${svixSignature(opts.secret ?? SECRET, id, timestamp, body)}`,
    },
    body,
  });
}

describe("webhook addresses shown to users", () => {
  it("answers every address Settings and the Call Center show (never 404)", async () => {
    const settings = await json<Record<string, string>>(
      await ctx.request("/api/settings/company", { cookie: acme.cookie }),
    );
    const status = await json<Record<string, string>>(
      await ctx.request("/api/calls/status", { cookie: acme.cookie }),
    );
    const shown = [
      settings.emailWebhookUrl,
      settings.callForwardingUrl,
      settings.statusCallbackUrl,
      status.voiceUrl,
      status.statusCallbackUrl,
    ];
    expect(shown.every(Boolean)).toBe(true);
    for (const address of shown) {
      const url = new URL(address!);
      const res = await ctx.request(url.pathname + url.search, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      // Unsigned, so refused; but by the receiver itself, not by "no such route".
      expect(res.status, address).not.toBe(404);
      expect([401, 403], address).toContain(res.status);
    }
    expect(settings.callForwardingUrl).toBe(status.voiceUrl);
    expect(settings.statusCallbackUrl).toBe(status.statusCallbackUrl);
  });
});

describe("Resend delivery events", () => {
  it("verifies signatures the way Svix's published sample does", () => {
    // docs.svix.com "verifying manually" sample values.
    const headers = {
      id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      timestamp: "1614265330",
      signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const body = '{"test": 2432232314}';
    expect(isValidSvixSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, body, 1614265330)).toBe(
      true,
    );
    expect(
      isValidSvixSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, `${body} `, 1614265330),
    ).toBe(false);
    expect(
      isValidSvixSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, body, 1614265330 + 301),
    ).toBe(false);
  });

  it("moves the e-mail log's status with delivered, bounced and complained events, never backwards", async () => {
    const [message] = await ctx.database.db
      .insert(emailMessages)
      .values({
        companyId: acme.companyId,
        toAddress: "buyer@example.com",
        fromAddress: "leads@hooks.test",
        subject: "New lead",
        html: "<p>Lead</p>",
        kind: "new_lead",
        transport: "resend",
        status: "sent",
        providerMessageId: "re_email_0001",
      })
      .returning();
    const statusOf = async () =>
      (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, message!.id)))[0]
        ?.status;
    const event = (type: string) => ({
      type,
      created_at: new Date().toISOString(),
      data: { email_id: "re_email_0001" },
    });

    expect((await postResendEvent(acme.companyId, event("email.delivered"))).status).toBe(200);
    expect(await statusOf()).toBe("delivered");
    // A late "delayed" does not undo a delivery; a replayed event changes nothing.
    await postResendEvent(acme.companyId, event("email.delivery_delayed"));
    await postResendEvent(acme.companyId, event("email.delivered"));
    expect(await statusOf()).toBe("delivered");
    await postResendEvent(acme.companyId, event("email.complained"));
    expect(await statusOf()).toBe("complained");

    const log = await json<{ messages: { id: string; status: string }[] }>(
      await ctx.request("/api/email/messages", { cookie: acme.cookie }),
    );
    expect(log.messages.find((m) => m.id === message!.id)?.status).toBe("complained");
  });

  it("refuses unsigned, wrongly signed, stale and other companies' events, and changes nothing", async () => {
    const [message] = await ctx.database.db
      .insert(emailMessages)
      .values({
        companyId: acme.companyId,
        toAddress: "b2@example.com",
        fromAddress: "leads@hooks.test",
        subject: "x",
        html: "x",
        kind: "new_lead",
        transport: "resend",
        status: "sent",
        providerMessageId: "re_email_0002",
      })
      .returning();
    const bounced = { type: "email.bounced", data: { email_id: "re_email_0002" } };
    expect((await postResendEvent(acme.companyId, bounced, { secret: "whsec_d3Jvbmc=" })).status).toBe(401);
    expect((await postResendEvent(acme.companyId, bounced, { at: Date.now() - 10 * 60_000 })).status).toBe(
      401,
    );
    // Signed with acme's secret but sent to another company's address: that company has no such secret.
    expect((await postResendEvent(other.companyId, bounced)).status).toBe(401);
    const unsigned = await ctx.request(`/api/webhooks/resend/${acme.companyId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bounced),
    });
    expect(unsigned.status).toBe(401);
    const [row] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, message!.id));
    expect(row?.status).toBe("sent");
    expect((await postResendEvent(acme.companyId, bounced)).status).toBe(200);
    const [after] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.id, message!.id));
    expect(after?.status).toBe("bounced");
  });
});
