import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companySecrets, emailMessages } from "../src/db/schema";
import { currentTenant, runAsCompany } from "../src/db/tenant-scope";
import { html } from "../src/lib/html";
import { lastFour } from "../src/lib/secret-box";
import { MAILBOX_NOT_SENT } from "../src/modules/email/service";
import { startResendFake } from "./fakes/resend-fake";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/** The development mailbox answers callers on this machine (the socket address). */
const LOCAL = { remoteAddress: "127.0.0.1" };
const RESEND_KEY = "re_test_1234567890";

/** Stores the message as a request would, then runs the worker's step on it. */
async function sendNow(ctx: TTestContext, input: Parameters<TTestContext["deps"]["email"]["send"]>[0]) {
  const stored = await ctx.deps.email.send(input);
  expect(stored.status).toBe("queued");
  return (await ctx.deps.email.deliver(stored.id))!;
}

describe("e-mail delivery", () => {
  let ctx: TTestContext;
  let resend: Awaited<ReturnType<typeof startResendFake>>;
  let companyId: string;

  beforeAll(async () => {
    resend = await startResendFake({ apiKey: RESEND_KEY });
    ctx = await createTestContext({ RESEND_API_BASE_URL: resend.url });
    const [company] = await ctx.database.db
      .insert(companies)
      .values({ name: "Acme Leads", senderEmail: "hello@acme.test", senderName: "Acme" })
      .returning();
    companyId = company!.id;
  });
  afterAll(async () => {
    await ctx.close();
    await resend.close();
  });

  it("keeps mail in the built-in mailbox when no provider is configured, and lists it", async () => {
    const message = await sendNow(ctx, {
      to: "Someone@Example.com",
      subject: "Hi",
      html: html`<p>x</p>`,
      kind: "test",
    });
    expect(message.transport).toBe("mailbox");
    expect(message.status).toBe("sent");
    const res = await ctx.request("/dev/mailbox.json?to=someone@example.com", LOCAL);
    const body = (await res.json()) as { messages: { subject: string; to: string }[] };
    expect(body.messages[0]).toMatchObject({ subject: "Hi", to: "someone@example.com" });
    const page = await ctx.request("/dev/mailbox", LOCAL);
    expect(await page.text()).toContain("Dev mailbox");
  });

  it("never marks mail to a real address as sent when only the built-in mailbox is there", async () => {
    const message = await sendNow(ctx, {
      to: "real.person@gmail.com",
      subject: "Verify your e-mail",
      html: html`<p>x</p>`,
      kind: "email_verification",
    });
    expect(message).toMatchObject({ transport: "mailbox", status: "failed", lastError: MAILBOX_NOT_SENT });
    expect(message.sentAt).toBeNull();
    // Kept for the development mailbox all the same, so a developer can still follow the link.
    const res = await ctx.request("/dev/mailbox.json?to=real.person@gmail.com", LOCAL);
    const body = (await res.json()) as { messages: { subject: string }[] };
    expect(body.messages[0]).toMatchObject({ subject: "Verify your e-mail" });
  });

  it("escapes message content in the mailbox page", async () => {
    await sendNow(ctx, {
      to: "x@example.com",
      subject: "<script>alert(1)</script>",
      html: html`<b>hi</b>`,
      kind: "test",
    });
    const page = await (await ctx.request("/dev/mailbox", LOCAL)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("sends through the company's Resend key, stored encrypted", async () => {
    await ctx.database.db.insert(companySecrets).values({
      companyId,
      name: "resend_api_key",
      ciphertext: ctx.deps.secretBox.seal(RESEND_KEY),
      last4: lastFour(RESEND_KEY),
    });
    const [stored] = await ctx.database.db
      .select()
      .from(companySecrets)
      .where(eq(companySecrets.companyId, companyId));
    expect(stored!.ciphertext).not.toContain(RESEND_KEY);

    const message = await sendNow(ctx, {
      companyId,
      to: "lead@example.com",
      subject: "New lead",
      html: html`<p>Lead</p>`,
      kind: "lead",
    });
    expect(message).toMatchObject({
      transport: "resend",
      status: "sent",
      fromAddress: "Acme <hello@acme.test>",
    });
    expect(resend.sent.at(-1)).toMatchObject({ to: ["lead@example.com"], subject: "New lead" });
    expect(resend.requests.at(-1)!.headers["idempotency-key"]).toBe(message.id);
  });

  it("stores a failed message and delivers it on retry exactly once", async () => {
    resend.state.failNext = 1;
    const before = resend.sent.length;
    const failed = await sendNow(ctx, {
      companyId,
      to: "retry@example.com",
      subject: "Retry me",
      html: html`<p>r</p>`,
      kind: "lead",
    });
    expect(failed.status).toBe("failed");
    expect(failed.nextAttemptAt).not.toBeNull();
    expect(resend.sent.length).toBe(before);

    // Make it due now, then run the retry job twice: one delivery only.
    await ctx.database.db
      .update(emailMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailMessages.id, failed.id));
    expect(await ctx.deps.email.deliverDue()).toBe(1);
    expect(await ctx.deps.email.deliverDue()).toBe(0);
    const [after] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, failed.id));
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
    expect(resend.sent.filter((m) => m.subject === "Retry me")).toHaveLength(1);
  });

  it("gives up at once on a permanent provider error", async () => {
    resend.state.failNext = 1;
    resend.state.failStatus = 422;
    const failed = await sendNow(ctx, {
      companyId,
      to: "bad@example.com",
      subject: "Bad",
      html: html`<p>b</p>`,
      kind: "lead",
    });
    resend.state.failStatus = 500;
    expect(failed.status).toBe("failed");
    expect(failed.nextAttemptAt).toBeNull();
    expect(failed.lastError).toContain("422");
  });
});

describe("platform SMTP", () => {
  it("delivers through the configured SMTP server when the company has no Resend key", async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk) => {
          data += chunk.toString();
        });
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const ctx = await createTestContext({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Leadpost <no-reply@leadpost.test>",
    });
    try {
      const message = await sendNow(ctx, {
        to: "owner@example.com",
        subject: "Via SMTP",
        html: html`<p>smtp</p>`,
        kind: "test",
      });
      expect(message).toMatchObject({ transport: "smtp", status: "sent" });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: "no-reply@leadpost.test", to: ["owner@example.com"] });
      expect(received[0]!.data).toContain("Subject: Via SMTP");
    } finally {
      await ctx.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe("e-mail queued from a company request", () => {
  let ctx: TTestContext;
  afterAll(() => ctx.close());

  it("is queued only after the request's transaction has committed, outside the company scope", async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const [company] = await db.insert(companies).values({ name: "Scoped Co" }).returning();
    const seen: { tenant: string | null; status: string | undefined }[] = [];
    ctx.deps.email.attachQueue(async (messageId) => {
      // The root handle: a message still inside an open transaction would not be visible here.
      const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, messageId));
      seen.push({ tenant: currentTenant(), status: row?.status });
    });
    await runAsCompany(db, company!.id, async () => {
      await ctx.deps.email.send({
        companyId: company!.id,
        to: "someone@example.test",
        kind: "buyer_invitation",
        subject: "Hello",
        html: html`<p>Hello</p>`,
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ tenant: null, status: "queued" }]);
  });
});
