import type { TTeam } from "@leadpost/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, userRoles } from "../src/db/schema";
import { createUser } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

const invite = (email: string, cookie = acme.cookie) =>
  ctx.request("/api/settings/team/invitations", { method: "POST", cookie, json: { email, role: "member" } });

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-team.test", "Acme Team");
  other = await createCompanyWithOwner(ctx, "owner@other-team.test", "Other Team");
});
afterAll(() => ctx.close());

describe("team and seats", () => {
  it("invites within the seat limit and refuses past it with a clear message", async () => {
    // A new company is on the free trial: 2 seats, the owner takes one.
    const first = await invite("first@acme-team.test");
    expect(first.status).toBe(200);
    const team = (await first.json()) as TTeam;
    expect(team).toMatchObject({ seats: 2, used: 2 });
    expect(team.invitations.map((i) => i.email)).toEqual(["first@acme-team.test"]);
    const [mail] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, "first@acme-team.test"));
    expect(mail).toMatchObject({ kind: "team_invitation", companyId: acme.companyId });

    const past = await invite("second@acme-team.test");
    expect(past.status).toBe(409);
    expect(((await past.json()) as { error: { message: string } }).error.message).toBe(
      "All 2 seats of your plan are in use. Upgrade your subscription to invite more team members.",
    );
    // Another company's seats are its own.
    expect((await invite("second@acme-team.test", other.cookie)).status).toBe(200);
  });

  it("changes roles and removes members, but never the owner", async () => {
    const userId = await createUser(ctx, "mia@acme-team.test");
    await ctx.database.db.insert(userRoles).values({ userId, companyId: acme.companyId, role: "member" });
    const changed = await ctx.request(`/api/settings/team/members/${userId}/role`, {
      method: "PUT",
      cookie: acme.cookie,
      json: { role: "org_admin" },
    });
    expect(((await changed.json()) as TTeam).members.find((m) => m.userId === userId)?.role).toBe(
      "org_admin",
    );

    const owner = await ctx.request(`/api/settings/team/members/${acme.userId}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(owner.status).toBe(403);
    expect(await owner.text()).toContain("The company owner cannot be removed.");

    // Another company's admin cannot touch this member.
    const foreign = await ctx.request(`/api/settings/team/members/${userId}`, {
      method: "DELETE",
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);

    const removed = await ctx.request(`/api/settings/team/members/${userId}`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await ctx.database.db.select().from(userRoles).where(eq(userRoles.userId, userId))).toHaveLength(
      0,
    );
  });
});

describe("joining from a team invitation", () => {
  const tokenOf = async (email: string) => {
    const [mail] = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, email))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1);
    return decodeURIComponent(/team=([^"&]+)/.exec(mail!.html)![1]!);
  };
  const join = (token: string, json: unknown) =>
    ctx.request(`/api/team-invitations/${encodeURIComponent(token)}/accept`, { method: "POST", json });

  it("lets a newcomer join with a password, signed in as a member, and only once", async () => {
    const team = await createCompanyWithOwner(ctx, "owner@join-team.test", "Join Team");
    const invited = await ctx.request("/api/settings/team/invitations", {
      method: "POST",
      cookie: team.cookie,
      json: { email: "new.hire@join-team.test", role: "member" },
    });
    expect(invited.status).toBe(200);
    const token = await tokenOf("new.hire@join-team.test");

    const details = await ctx.request(`/api/team-invitations/${encodeURIComponent(token)}`);
    expect(await details.json()).toMatchObject({
      email: "new.hire@join-team.test",
      role: "member",
      company: { name: "Join Team" },
      hasAccount: false,
    });

    const mismatch = await join(token, {
      name: "New Hire",
      password: "Welcome!2026",
      confirmPassword: "nope",
    });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain("Passwords don't match");

    const joined = await join(token, {
      name: "New Hire",
      password: "Welcome!2026",
      confirmPassword: "Welcome!2026",
    });
    expect(joined.status).toBe(200);
    const cookie = joined.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const who = (await (await ctx.request("/api/whoami", { cookie })).json()) as {
      organizationId: string;
      roles: { companyId: string; role: string }[];
    };
    expect(who.organizationId).toBe(team.companyId);
    expect(who.roles).toEqual([expect.objectContaining({ companyId: team.companyId, role: "member" })]);

    const again = await join(token, {
      name: "Someone",
      password: "Welcome!2026",
      confirmPassword: "Welcome!2026",
    });
    expect(again.status).toBe(409);
    const listed = (await (await ctx.request("/api/settings/team", { cookie: team.cookie })).json()) as TTeam;
    expect(listed.members.map((m) => m.email)).toContain("new.hire@join-team.test");
    expect(listed.invitations).toEqual([]);
  });

  it("refuses a revoked link, and a signed-in user with another address", async () => {
    const team = await createCompanyWithOwner(ctx, "owner@revoke-team.test", "Revoke Team");
    const invited = (await (
      await ctx.request("/api/settings/team/invitations", {
        method: "POST",
        cookie: team.cookie,
        json: { email: "maybe@revoke-team.test", role: "org_admin" },
      })
    ).json()) as TTeam;
    const token = await tokenOf("maybe@revoke-team.test");
    const stranger = await createCompanyWithOwner(ctx, "stranger@elsewhere.test", "Elsewhere");
    const wrong = await ctx.request(`/api/team-invitations/${encodeURIComponent(token)}/accept-session`, {
      method: "POST",
      cookie: stranger.cookie,
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("This invitation was sent to maybe@revoke-team.test");

    await ctx.request(`/api/settings/team/invitations/${invited.invitations[0]!.id}`, {
      method: "DELETE",
      cookie: team.cookie,
    });
    expect((await ctx.request(`/api/team-invitations/${encodeURIComponent(token)}`)).status).toBe(404);
    expect(
      (await join(token, { name: "Maybe", password: "Welcome!2026", confirmPassword: "Welcome!2026" }))
        .status,
    ).toBe(404);
  });
});
