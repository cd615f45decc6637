import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, userRoles } from "../src/db/schema";
import { html } from "../src/lib/html";
import { createUser } from "./helpers/buyer-portal";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
const ids: Record<string, string> = {};

type TLog = {
  messages: { id: string; toAddress: string; status: string; attempts: number; lastError: string | null }[];
  total: number;
  page: number;
  pageSize: number;
};

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-mail.test", "Acme Mail");
  other = await createCompanyWithOwner(ctx, "owner@other-mail.test", "Other Mail");
  const store = async (companyId: string, to: string, status: "sent" | "failed" | "queued", at: number) => {
    const row = await ctx.deps.email.send({
      companyId,
      to,
      subject: `To ${to}`,
      html: html`<p>x</p>`,
      kind: "test",
    });
    await ctx.database.db
      .update(emailMessages)
      .set({
        status,
        attempts: status === "queued" ? 0 : 2,
        lastError: status === "failed" ? "SMTP: 550 mailbox unavailable" : null,
        createdAt: new Date(Date.UTC(2026, 0, 1) + at * 1000),
      })
      .where(eq(emailMessages.id, row.id));
    return row.id;
  };
  for (let i = 0; i < 55; i++) await store(acme.companyId, `bulk${i}@example.com`, "sent", i);
  ids.failed = await store(acme.companyId, "bounce@customer.test", "failed", 100);
  ids.sent = await store(acme.companyId, "happy@customer.test", "sent", 101);
  ids.otherFailed = await store(other.companyId, "secret@other.test", "failed", 102);
}, 60_000);
afterAll(() => ctx.close());

const list = async (query = "", cookie = acme.cookie) => {
  const res = await ctx.request(`/api/email/messages${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as TLog };
};

describe("Email log", () => {
  it("lists the company's messages newest first, 50 a page, and nothing of another company", async () => {
    const first = await list();
    expect(first.status).toBe(200);
    // Platform mail (the owner's verification) has no company: only the company's 57 are listed.
    expect(first.body).toMatchObject({ total: 57, page: 1, pageSize: 50 });
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages.map((m) => m.toAddress).slice(0, 2)).toEqual([
      "happy@customer.test",
      "bounce@customer.test",
    ]);
    const second = await list("?page=2");
    expect(second.body.messages).toHaveLength(7);
    const all = [...first.body.messages, ...second.body.messages].map((m) => m.toAddress);
    expect(all).not.toContain("secret@other.test");
  });

  it("filters by status and searches by recipient", async () => {
    const failed = await list("?status=failed");
    expect(failed.body.messages.map((m) => m.toAddress)).toEqual(["bounce@customer.test"]);
    expect(failed.body.messages[0]).toMatchObject({
      attempts: 2,
      lastError: "SMTP: 550 mailbox unavailable",
    });
    const search = await list("?q=CUSTOMER.test");
    expect(search.body.total).toBe(2);
    const none = await list("?q=%25");
    expect(none.body.total).toBe(0);
    const bad = await ctx.request("/api/email/messages?status=lost", { cookie: acme.cookie });
    expect(bad.status).toBe(422);
  });

  it("resends a failed message once, refuses others, and hides other companies' messages", async () => {
    const res = await ctx.request(`/api/email/messages/${ids.failed}/resend`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: ids.failed, status: "queued" });
    const again = await ctx.request(`/api/email/messages/${ids.failed}/resend`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(again.status).toBe(409);
    const sent = await ctx.request(`/api/email/messages/${ids.sent}/resend`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(sent.status).toBe(409);
    const foreign = await ctx.request(`/api/email/messages/${ids.otherFailed}/resend`, {
      method: "POST",
      cookie: acme.cookie,
    });
    expect(foreign.status).toBe(404);
    const [untouched] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.id, ids.otherFailed!));
    expect(untouched!.status).toBe("failed");
  });

  it("is for owners and org admins only", async () => {
    const userId = await createUser(ctx, "member@acme-mail.test");
    await ctx.database.db.insert(userRoles).values({ userId, companyId: acme.companyId, role: "member" });
    const cookie = await signIn(ctx, "member@acme-mail.test", FIXTURE_PASSWORD);
    expect((await list("", cookie)).status).toBe(403);
    expect((await ctx.request("/api/email/messages")).status).toBe(401);
  });
});
