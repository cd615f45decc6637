import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerInvitations, buyers, users } from "../src/db/schema";
import { createBareUser, createCompanyWithOwner } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

// A company may not make an existing user its buyer without that user's explicit acceptance.

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let userCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@invite-sec.test", "Acme Leads");
  await createBareUser(ctx, "existing@person.test", "Str0ng!pass", "Existing Person");
  await ctx.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, "existing@person.test"));
  userCookie = await signIn(ctx, "existing@person.test", "Str0ng!pass");
});
afterAll(() => ctx.close());

const post = (path: string, cookie: string, json: unknown = {}) =>
  ctx.request(path, { method: "POST", cookie, json });
type TList = { invitations: { id: string; companyName: string }[] };
const buyerRow = async (id: string) =>
  (await ctx.database.db.select().from(buyers).where(eq(buyers.id, id)))[0]!;

describe("buyer invitation to an existing user", () => {
  let buyerId: string;

  it("leaves the user unlinked at sign-in (link-buyer attaches nothing) until accepted", async () => {
    const invite = await post("/api/buyers/invite", acme.cookie, {
      email: "existing@person.test",
      nicheId: acme.nicheId,
    });
    expect(invite.status).toBe(200);
    buyerId = ((await invite.json()) as { buyerId: string }).buyerId;
    // The e-mail sends an existing user to the page where they answer, not to registration.
    const mail = await latestEmail(ctx, "existing@person.test", "buyer_invitation");
    expect(mail.links).toContain(`${TEST_ORIGIN}/invitations`);

    // What every sign-in calls: it answers the waiting invitation and links nothing.
    const link = await post(
      "/api/session/link-buyer",
      await signIn(ctx, "existing@person.test", "Str0ng!pass"),
    );
    expect(link.status).toBe(200);
    const body = (await link.json()) as TList & { linked: number };
    expect(body.linked).toBe(0);
    expect(body.invitations).toMatchObject([{ companyName: "Acme Leads" }]);
    expect(await buyerRow(buyerId)).toMatchObject({ userId: null, status: "pending" });
    // Nor does the standalone buyer login.
    expect((await post("/api/session/buyer-account", userCookie)).status).toBe(403);
    expect(await buyerRow(buyerId)).toMatchObject({ userId: null, status: "pending" });
    const who = (await (await ctx.request("/api/whoami", { cookie: userCookie })).json()) as {
      isBuyer: boolean;
    };
    expect(who.isBuyer).toBe(false);
  });

  it("lets only the invited user answer it; accepting links and activates", async () => {
    const { invitations } = (await (
      await ctx.request("/api/session/invitations", { cookie: userCookie })
    ).json()) as TList;
    const id = invitations[0]!.id;
    // The company owner (another address) cannot accept on the user's behalf.
    expect((await post(`/api/session/invitations/${id}/accept`, acme.cookie)).status).toBe(404);
    expect(await buyerRow(buyerId)).toMatchObject({ userId: null, status: "pending" });

    const accepted = await post(`/api/session/invitations/${id}/accept`, userCookie);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ status: "accepted", redirectTo: "/buyer/dashboard" });
    const row = await buyerRow(buyerId);
    expect(row.status).toBe("active");
    expect(row.userId).not.toBeNull();
    // Used once.
    expect((await post(`/api/session/invitations/${id}/accept`, userCookie)).status).toBe(404);
  });

  it("declining links nothing and closes the invitation", async () => {
    await createBareUser(ctx, "decliner@person.test", "Str0ng!pass");
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, "decliner@person.test"));
    const cookie = await signIn(ctx, "decliner@person.test", "Str0ng!pass");
    const invite = await post("/api/buyers/invite", acme.cookie, {
      email: "decliner@person.test",
      nicheId: acme.nicheId,
    });
    const { buyerId: declinedId } = (await invite.json()) as { buyerId: string };
    const { invitations } = (await (
      await ctx.request("/api/session/invitations", { cookie })
    ).json()) as TList;
    const declined = await post(`/api/session/invitations/${invitations[0]!.id}/decline`, cookie);
    expect(declined.status).toBe(200);
    expect(await buyerRow(declinedId)).toMatchObject({ userId: null, status: "pending" });
    const [inv] = await ctx.database.db
      .select()
      .from(buyerInvitations)
      .where(eq(buyerInvitations.id, invitations[0]!.id));
    expect(inv!.status).toBe("declined");
    const after = (await (await ctx.request("/api/session/invitations", { cookie })).json()) as TList;
    expect(after.invitations).toEqual([]);
  });

  it("an invitation does not reactivate a buyer the company deactivated", async () => {
    const created = await post("/api/buyers", acme.cookie, {
      contactName: "Old Buyer",
      email: "old@person.test",
    });
    const { buyer } = (await created.json()) as { buyer: { id: string } };
    expect((await post(`/api/buyers/${buyer.id}/status`, acme.cookie, { status: "inactive" })).status).toBe(
      200,
    );
    await ctx.database.db.update(buyers).set({ nicheId: acme.nicheId }).where(eq(buyers.id, buyer.id));
    const invite = await post("/api/buyers/invite", acme.cookie, {
      email: "old@person.test",
      nicheId: acme.nicheId,
      buyerId: buyer.id,
    });
    expect(invite.status).toBe(200);
    const token = new URL(
      (await latestEmail(ctx, "old@person.test", "buyer_invitation")).links[0]!,
    ).searchParams.get("token")!;
    const accepted = await ctx.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { password: "Str0ng!pass", confirmPassword: "Str0ng!pass" },
    });
    expect(accepted.status).toBeLessThan(300);
    const row = await buyerRow(buyer.id);
    expect(row.status).toBe("inactive");
    expect(row.userId).not.toBeNull();
  });
});
