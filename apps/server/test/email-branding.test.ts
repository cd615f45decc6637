import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailMessages } from "../src/db/schema";
import { trustedHtml } from "../src/lib/html";
import { buyerInvitationEmail } from "../src/modules/buyers/emails";
import { emailBrand, emailLayout } from "../src/modules/email";
import { newLeadNoticeEmail } from "../src/modules/lead-distribution/notices/new-lead-notice";
import { teamInvitationEmailHtml } from "../src/modules/team/service";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

const PUBLIC_URL = "https://leads.example.com";
const LOCAL_LOGO = "/files/company-logos/0b9c.png";
const LEAD = { serviceType: "Roofing", city: "Denver", state: "CO", zipCode: "80202" };

describe("a company's logo in its e-mails", () => {
  it("makes a logo stored on this server absolute with PUBLIC_URL and keeps a bucket's address", () => {
    expect(emailBrand(`${PUBLIC_URL}/`, { name: "Acme", logoUrl: LOCAL_LOGO }).logoUrl).toBe(
      `${PUBLIC_URL}${LOCAL_LOGO}`,
    );
    const s3 = "https://cdn.example.net/bucket/company-logos/a.png";
    expect(emailBrand(PUBLIC_URL, { name: "Acme", logoUrl: s3 }).logoUrl).toBe(s3);
    expect(emailBrand(PUBLIC_URL, { name: "Acme", logoUrl: null }).logoUrl).toBeNull();
    expect(emailBrand(PUBLIC_URL, { name: "Acme", logoUrl: "javascript:alert(1)" }).logoUrl).toBeNull();
  });

  it("heads buyer invitations, new-lead notices and team invitations with the logo and its alt text", () => {
    const brand = emailBrand(PUBLIC_URL, { name: `Acme "Roofs" & Co`, logoUrl: LOCAL_LOGO });
    const img = `<img src="${PUBLIC_URL}${LOCAL_LOGO}" alt="Acme &quot;Roofs&quot; &amp; Co logo"`;
    const mails = [
      buyerInvitationEmail(brand.name, `${PUBLIC_URL}/auth/register?token=t`, brand).html,
      newLeadNoticeEmail(brand.name, LEAD, "preview", `${PUBLIC_URL}/buyer/available-leads`, brand).html,
      teamInvitationEmailHtml(`${PUBLIC_URL}/auth/register?team=t`, brand),
    ].map(String);
    for (const html of mails) {
      expect(html).toContain(img);
      // The logo comes first, above the title.
      expect(html.indexOf("<img")).toBeLessThan(html.indexOf("<h1"));
    }
  });

  it("has no image at all when the company has no logo", () => {
    const brand = emailBrand(PUBLIC_URL, { name: "Plain Co", logoUrl: null });
    const mails = [
      buyerInvitationEmail(brand.name, `${PUBLIC_URL}/x`, brand).html,
      newLeadNoticeEmail(brand.name, LEAD, "full", `${PUBLIC_URL}/x`, brand).html,
      teamInvitationEmailHtml(`${PUBLIC_URL}/x`, brand),
      emailLayout("Platform mail", trustedHtml("<p>hi</p>")),
    ].map(String);
    for (const html of mails) expect(html).not.toContain("<img");
  });

  it("escapes the place of a new-lead notice once, not twice", () => {
    const html = String(
      newLeadNoticeEmail("Co", { ...LEAD, city: "Coeur d'Alene", state: "ID" }, "full", "u").html,
    );
    expect(html).toContain("New lead in Coeur d&#39;Alene, ID");
    expect(html).not.toContain("&amp;#39;");
  });
});

describe("the logo uploaded on Settings → General reaches the mail sent", () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const sentTo = async (companyId: string, to: string) => {
    const [mail] = await ctx.database.db
      .select({ html: emailMessages.html })
      .from(emailMessages)
      .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.toAddress, to)));
    return mail!.html;
  };

  it("a team invitation before and after the upload", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@logo-mail.test", "Logo Mail Co");
    const invite = (email: string) =>
      ctx.request("/api/settings/team/invitations", {
        method: "POST",
        json: { email, role: "member" },
        cookie: co.cookie,
      });
    expect((await invite("before@logo-mail.test")).status).toBe(200);
    expect(await sentTo(co.companyId, "before@logo-mail.test")).not.toContain("<img");

    const body = new FormData();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    body.set("file", new File([png], "logo.png", { type: "image/png" }));
    const uploaded = await ctx.request("/api/settings/logo", { method: "POST", body, cookie: co.cookie });
    const { logoUrl } = (await uploaded.json()) as { logoUrl: string };
    expect(logoUrl.startsWith("/")).toBe(true);

    // Free tier: two seats, the owner and the first invitation; make room with a third seat.
    await ctx.database.db.update(companies).set({ seats: 5 }).where(eq(companies.id, co.companyId));
    expect((await invite("after@logo-mail.test")).status).toBe(200);
    expect(await sentTo(co.companyId, "after@logo-mail.test")).toContain(
      `<img src="${TEST_ORIGIN}${logoUrl}" alt="Logo Mail Co logo"`,
    );
  });
});
