import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, users } from "../src/db/schema";
import { escapeHtml, html } from "../src/lib/html";
import { emailBrand } from "../src/modules/email";
import { newLeadNoticeEmail } from "../src/modules/lead-distribution/notices/new-lead-notice";
import { setTierByHand } from "../src/modules/subscriptions";
import { createBareUser, createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

// Company-controlled text (a company's name, a buyer's or a lead's name, form answers, a support
// message) in every e-mail and in the development mailbox is escaped by the one html template
// (lib/html.ts): markup in it shows as text and can neither link nor run anything.

const HOSTILE = `<a href=evil>x</a> "><script>alert(1)</script>`;
const LOCAL = { remoteAddress: "127.0.0.1" };

/** The markup must not survive: no evil link, no script, no attribute broken out of (the quote is escaped). */
function expectInert(markup: string) {
  expect(markup).not.toContain("<a href=evil>");
  expect(markup).not.toContain("<script>");
  expect(markup).toContain(escapeHtml("<a href=evil>x</a>"));
  expect(markup).toContain(escapeHtml('"><script>'));
}

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_ADMIN_EMAILS: "admin@escape.test" });
  acme = await createCompanyWithOwner(ctx, "owner@escape.test", HOSTILE);
  // Seats for the team invitation and the user a platform admin makes (both take one).
  await setTierByHand(ctx.database.db, acme.companyId, "pro");
  await createBareUser(ctx, "admin@escape.test", FIXTURE_PASSWORD);
  await ctx.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, "admin@escape.test"));
  adminCookie = await signIn(ctx, "admin@escape.test", FIXTURE_PASSWORD);
});
afterAll(() => ctx.close());

const mailTo = async (to: string, kind: string) => {
  const [m] = await ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), eq(emailMessages.kind, kind)))
    .orderBy(desc(emailMessages.createdAt))
    .limit(1);
  if (!m) throw new Error(`no ${kind} e-mail to ${to}`);
  return m.html;
};
const post = (path: string, json: unknown, cookie?: string) =>
  ctx.request(path, { method: "POST", json, cookie });

describe("hostile names are inert in every e-mail", () => {
  it("verification (the owner's name)", async () => {
    const res = await post("/api/accounts/company", {
      companyName: HOSTILE,
      contactName: HOSTILE,
      phone: "3035550100",
      email: "hostile.owner@escape.test",
      password: FIXTURE_PASSWORD,
      confirmPassword: FIXTURE_PASSWORD,
    });
    expect(res.status).toBe(201);
    expectInert(await mailTo("hostile.owner@escape.test", "email_verification"));
  });

  it("Send Test Email (the company's name)", async () => {
    const res = await post("/api/settings/email/test", { to: "test@escape.test" }, acme.cookie);
    expect(res.status).toBe(200);
    expectInert(await mailTo("test@escape.test", "settings_test"));
  });

  it("team invitation (the company's name)", async () => {
    const res = await post(
      "/api/settings/team/invitations",
      { email: "mate@escape.test", role: "member" },
      acme.cookie,
    );
    expect(res.status).toBe(200);
    expectInert(await mailTo("mate@escape.test", "team_invitation"));
  });

  it("buyer invitation (the company's name)", async () => {
    const res = await post(
      "/api/buyers/invite",
      { email: "buyer@escape.test", nicheId: acme.nicheId },
      acme.cookie,
    );
    expect(res.status).toBe(200);
    expectInert(await mailTo("buyer@escape.test", "buyer_invitation"));
  });

  it("buyer application (the company's and the applicant's names, the message)", async () => {
    const res = await post("/api/buyer-applications", {
      companyId: acme.companyId,
      contactName: HOSTILE,
      companyName: `${HOSTILE} Inc`,
      email: "applicant@escape.test",
      phoneNumber: "3035550123",
      zipCode: "80202",
      serviceRadius: 25,
      nicheId: acme.nicheId,
      message: HOSTILE,
    });
    expect(res.status).toBe(201);
    expectInert(await mailTo("owner@escape.test", "buyer_application"));
  });

  it("a user made by the platform admin (the company's name)", async () => {
    const res = await post(
      "/api/platform-admin/users",
      { email: "made@escape.test", fullName: HOSTILE, companyId: acme.companyId, role: "user" },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expectInert(await mailTo("made@escape.test", "account_created"));
  });

  it("support e-mail (subject and message)", async () => {
    const res = await post(
      "/api/platform-admin/support-email",
      { to: "someone@escape.test", subject: HOSTILE, message: `${HOSTILE}\n\n${HOSTILE}` },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expectInert(await mailTo("someone@escape.test", "support"));
  });

  it("lead routing e-mail (the lead's answers and the form's labels)", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      emailRouting: [{ email: "routing@escape.test", city: "Denver", state: "CO" }],
    });
    const res = await submitAndRoute(ctx, form.id, {
      ...QUOTE_ANSWERS,
      "f-name": HOSTILE,
      "f-details": HOSTILE,
    });
    expect(res.status).toBe(201);
    expectInert(await mailTo("routing@escape.test", "lead_routing"));
  });

  it("new-lead notice (the company's name and the lead's place)", () => {
    const brand = emailBrand("https://leads.example.com", { name: HOSTILE, logoUrl: null });
    const lead = { serviceType: HOSTILE, city: HOSTILE, state: "CO", zipCode: "80202" };
    expectInert(
      newLeadNoticeEmail(HOSTILE, lead, "preview", "https://leads.example.com/x", brand).html.value,
    );
  });

  it("the html template escapes every value, nested templates kept as markup", () => {
    const inner = html`<b>${HOSTILE}</b>`;
    const outer = html`<p title="${HOSTILE}">${inner} ${[HOSTILE, html`<i>ok</i>`]}</p>`.value;
    expectInert(outer);
    expect(outer).toContain("<b>");
    expect(outer).toContain("<i>ok</i>");
  });
});

describe("the development mailbox page", () => {
  it("shows hostile subjects and names as text, and links only to web addresses", async () => {
    // A message as a company's own sender could store it: raw markup, a script link.
    await ctx.deps.email.send({
      to: "page@escape.test",
      subject: HOSTILE,
      html: html`<p>${HOSTILE}</p><a href="${'javascript:alert(1)"><script>alert(2)</script>'}">x</a>`,
      kind: "settings_test",
    });
    const page = await (await ctx.request("/dev/mailbox?to=page@escape.test", LOCAL)).text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<a href=evil>");
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain(escapeHtml(HOSTILE));
    // A company name with markup in a stored message (as an older message may hold) stays inside the
    // sandboxed frame's srcdoc, escaped, and adds no link to the page.
    await ctx.database.db.insert(emailMessages).values({
      toAddress: "old@escape.test",
      fromAddress: "x@leadpost.test",
      subject: "Old",
      html: `<p>${HOSTILE}</p><a href="x><script>alert(3)</script>">y</a>`,
      kind: "settings_test",
      transport: "mailbox",
      status: "sent",
    });
    const old = await (await ctx.request("/dev/mailbox?to=old@escape.test", LOCAL)).text();
    expect(old).not.toContain("<script>");
    expect(old).not.toContain("<a href=evil>");
  });
});
