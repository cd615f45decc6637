import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, companies } from "../src/db/schema";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;

type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
});
afterAll(() => ctx.close());

const apply = (json: unknown) => ctx.request("/api/buyer-applications", { method: "POST", json });
const application = {
  contactName: "Paula Prospect",
  companyName: "Prospect Roofing",
  email: "Paula@Prospect.test",
  phoneNumber: "3035550111",
  zipCode: "80301",
  serviceRadius: 30,
  message: "We cover Boulder <b>county</b>.",
};

describe("buyer applications (/register)", () => {
  it("shows the company and its niches to anyone with the link", async () => {
    const res = await ctx.request(`/api/buyer-applications/companies/${acme.companyId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: "Acme Leads",
      logoUrl: null,
      niches: [{ id: acme.nicheId, name: "Roofing" }],
    });
    const unknown = await ctx.request(
      "/api/buyer-applications/companies/00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as TError).error.message).toBe(
      "No company association was found. Ask the company for its application link.",
    );
  });

  it("creates a pending buyer without an account and e-mails the company admin", async () => {
    const res = await apply({ ...application, companyId: acme.companyId, nicheId: acme.nicheId });
    expect(res.status).toBe(201);
    const [buyer] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "paula@prospect.test"));
    expect(buyer).toMatchObject({
      companyId: acme.companyId,
      status: "pending",
      source: "application",
      userId: null,
      city: "Boulder",
      state: "CO",
      serviceRadius: 30,
      nicheId: acme.nicheId,
    });
    expect(buyer!.latitude).not.toBeNull();
    const mail = await latestEmail(ctx, "owner@acme.test", "buyer_application");
    expect(mail.subject).toContain("Paula Prospect (Prospect Roofing)");
    expect(mail.html).toContain("paula@prospect.test");
    expect(mail.html).toContain("&lt;b&gt;county&lt;/b&gt;");
    expect(mail.links[0]).toBe("http://localhost:3999/dashboard/buyers?tab=pending");

    const pending = (await (
      await ctx.request("/api/buyers?status=pending", { cookie: acme.cookie })
    ).json()) as {
      buyers: { email: string; hasAccount: boolean; source: string }[];
    };
    expect(pending.buyers).toEqual([
      expect.objectContaining({ email: "paula@prospect.test", hasAccount: false, source: "application" }),
    ]);
  });

  it("sends the e-mail to the company's admin address when one is set", async () => {
    await ctx.database.db
      .update(companies)
      .set({ adminEmail: "admin@acme.test" })
      .where(eq(companies.id, acme.companyId));
    expect(
      (await apply({ ...application, email: "second@prospect.test", companyId: acme.companyId })).status,
    ).toBe(201);
    const mail = await latestEmail(ctx, "admin@acme.test", "buyer_application");
    expect(mail.html).toContain("second@prospect.test");
  });

  it("refuses a repeat application, a missing company and a foreign niche", async () => {
    const again = await apply({ ...application, companyId: acme.companyId, nicheId: acme.nicheId });
    expect(again.status).toBe(409);
    expect(((await again.json()) as TError).error.message).toBe(
      "You have already applied to this company for this niche.",
    );
    const noCompany = await apply(application);
    expect(noCompany.status).toBe(422);
    expect(((await noCompany.json()) as TError).error.fields?.companyId).toEqual([
      "No company association was found. Ask the company for its application link.",
    ]);
    const other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
    const foreign = await apply({
      ...application,
      email: "x@p.test",
      companyId: acme.companyId,
      nicheId: other.nicheId,
    });
    expect(foreign.status).toBe(422);
  });

  it("is not approved by signing in: only the company's invitation activates it", async () => {
    // The applicant already has a verified account elsewhere (here: an owner of another company).
    const applicant = await createCompanyWithOwner(ctx, "applicant@prospect.test", "Applicant's Co");
    await apply({ ...application, email: "applicant@prospect.test", companyId: acme.companyId });
    const cookie = await signIn(ctx, "applicant@prospect.test", FIXTURE_PASSWORD);
    const linked = await ctx.request("/api/session/link-buyer", { method: "POST", cookie });
    expect(await linked.json()).toEqual({ linked: 0, invitations: [] });
    const [row] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "applicant@prospect.test"));
    expect(row).toMatchObject({ status: "pending", userId: null });

    // Approval: the admin sends the invitation; the applicant accepts it on the invitations page.
    const invite = await ctx.request("/api/buyers/invite", {
      method: "POST",
      cookie: acme.cookie,
      json: { email: "applicant@prospect.test", nicheId: acme.nicheId, buyerId: row!.id },
    });
    expect(invite.status).toBe(200);
    const relinked = await ctx.request("/api/session/link-buyer", { method: "POST", cookie });
    const open = (await relinked.json()) as {
      linked: number;
      invitations: { id: string; companyName: string }[];
    };
    expect(open).toMatchObject({ linked: 0, invitations: [{ companyName: "Acme Leads" }] });
    const accepted = await ctx.request(`/api/session/invitations/${open.invitations[0]!.id}/accept`, {
      method: "POST",
      cookie,
    });
    expect(accepted.status).toBe(200);
    const [after] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, row!.id));
    expect(after).toMatchObject({ status: "active", userId: applicant.userId });
    expect(applicant.companyId).not.toBe(acme.companyId);
  });
});
