import { PLATFORM_ADMIN_MESSAGES, type TAuditLogEntry } from "@leadpost/shared";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKeys,
  buyerInvitations,
  buyers,
  companies,
  companySecrets,
  platformAuditLog,
  sessions,
  teamInvitations,
  users,
} from "../src/db/schema";
import { endAbandonedImpersonations, IMPERSONATION_SUPPORT_ACTIONS } from "../src/modules/platform-admin";
import { createBuyer, createUser } from "./helpers/buyer-portal";
import { newKey } from "./helpers/credits";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

// Impersonation by allowlist (modules/platform-admin/impersonation.ts impersonationGuard): while a
// platform admin acts as a user, only reading and the named support actions pass; every request is
// audited; the hour holds on every route, the auth library's own included.
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let adminId: string;
let adminCookie: string;
let buyerId: string;

const json = async <T>(res: Response) => (await res.json()) as T;

/** Applies a response's Set-Cookie lines to a cookie header, like a browser jar. */
function applyCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";").map((p) => p.trim());
    const name = pair!.slice(0, pair!.indexOf("="));
    const value = pair!.slice(pair!.indexOf("=") + 1);
    const expired = attributes.some((a) => /^max-age=0$/i.test(a));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The cookie without better-auth's "don't remember" cookie, as an admin could send it. */
const withoutDontRemember = (cookie: string) =>
  cookie
    .split("; ")
    .filter((pair) => !pair.includes("dont_remember"))
    .join("; ");

async function impersonate(userId: string) {
  const res = await ctx.request("/api/platform-admin/impersonation", {
    method: "POST",
    cookie: adminCookie,
    json: { userId },
  });
  expect(res.status).toBe(200);
  const cookie = applyCookies(adminCookie, res);
  const [session] = await ctx.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatedBy)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return { cookie, session: session! };
}

/** The audit log as the admin's screen reads it, newest first. */
async function auditLog(): Promise<TAuditLogEntry[]> {
  const res = await ctx.request("/api/platform-admin/audit-log", { cookie: adminCookie });
  expect(res.status).toBe(200);
  return (await json<{ items: TAuditLogEntry[] }>(res)).items;
}

const sessionRow = async (id: string) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_ADMIN_EMAILS: "admin@guard.test" });
  acme = await createCompanyWithOwner(ctx, "owner@acme-guard.test", "Acme Guard");
  adminId = await createUser(ctx, "admin@guard.test");
  adminCookie = await signIn(ctx, "admin@guard.test", FIXTURE_PASSWORD);
  const buyerUserId = await createUser(ctx, "buyer@acme-guard.test");
  const buyer = await createBuyer(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    userId: buyerUserId,
    email: "buyer@acme-guard.test",
    credits: 100,
  });
  buyerId = buyer.id;
});
afterAll(() => ctx.close());

describe("what an impersonating admin may do", () => {
  it("refuses every money, credential, key, invitation and account action with 403, changing nothing, and audits each", async () => {
    const { cookie } = await impersonate(acme.userId);
    const [before] = await ctx.database.db.select().from(companies).where(eq(companies.id, acme.companyId));
    const [buyerBefore] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerId));
    const actions: { method: string; path: string; json?: unknown; words: string }[] = [
      {
        method: "PUT",
        path: "/api/settings/company",
        json: { paypalClientId: "hijack-id", paypalSecret: "hijack-secret" },
        words: "Changed payment and provider settings",
      },
      {
        method: "PUT",
        path: "/api/settings/company",
        json: { twilioAccountSid: "AC00000000000000000000000000000000", twilioAuthToken: "hijack-token" },
        words: "Changed payment and provider settings",
      },
      {
        method: "PUT",
        path: "/api/settings/company",
        json: { resendApiKey: "re_hijack" },
        words: "Changed payment and provider settings",
      },
      {
        method: "PUT",
        path: "/api/payments/paypal/settings",
        json: { mode: "live", clientId: "hijack", secret: "hijack-secret" },
        words: "Changed payment settings",
      },
      {
        method: "POST",
        path: "/api/settings/sandbox-mode",
        json: { isSandboxMode: !before!.isSandboxMode },
        words: "Switched between sandbox and live",
      },
      {
        method: "PATCH",
        path: `/api/buyers/${buyerId}`,
        json: { costPerLead: 0.01, prepaidLeadsTotal: 500, prepaidLeadsRemaining: 500 },
        words: "Changed a buyer (price, prepaid leads, area)",
      },
      {
        method: "POST",
        path: "/api/credits/adjust",
        json: { buyerId, amount: 1000, reason: "Gift", idempotencyKey: newKey("grant") },
        words: "Granted or revoked credits",
      },
      {
        method: "POST",
        path: "/api/purchases",
        json: { leadId: crypto.randomUUID(), idempotencyKey: newKey("purchase") },
        words: "Bought a lead with credits",
      },
      {
        method: "POST",
        path: "/api/payments/credit-orders",
        json: { packId: "starter", quantity: 1 },
        words: "Started a credit pack payment",
      },
      {
        method: "POST",
        path: "/api/settings/backups/restore",
        json: { tables: {}, timestamp: new Date().toISOString() },
        words: "Restored a backup",
      },
      {
        method: "POST",
        path: "/api/settings/api-keys",
        json: { name: "Outlives the hour", environment: "production" },
        words: "Created an API key",
      },
      {
        method: "POST",
        path: "/api/settings/team/invitations",
        json: { email: "outsider@elsewhere.test", role: "org_admin" },
        words: "Invited a team member",
      },
      {
        method: "POST",
        path: "/api/buyers/invite",
        json: { email: "outsider@elsewhere.test", nicheId: acme.nicheId },
        words: "Invited a buyer",
      },
      {
        method: "POST",
        path: "/api/auth/update-user",
        json: { name: "Hijacked" },
        words: "Changed the user's profile",
      },
      {
        method: "POST",
        path: "/api/auth/change-password",
        json: { currentPassword: FIXTURE_PASSWORD, newPassword: "Hijacked!Pass9" },
        words: "Changed the password",
      },
      {
        method: "POST",
        path: "/api/auth/change-email",
        json: { newEmail: "taken-over@elsewhere.test" },
        words: "Changed the e-mail address",
      },
      {
        method: "POST",
        path: "/api/auth/email-otp/request-email-change",
        json: { newEmail: "taken-over@elsewhere.test" },
        words: "Changed the e-mail address",
      },
      {
        method: "POST",
        path: "/api/auth/revoke-other-sessions",
        json: {},
        words: "Signed out the other sessions",
      },
      // A read, but of the user's session tokens: the auth library's routes are not the product's reads.
      { method: "GET", path: "/api/auth/list-sessions", words: "Listed the user's sessions" },
      {
        method: "POST",
        path: "/api/platform-admin/users",
        json: {},
        words: "Changed platform administration",
      },
    ];

    for (const action of actions) {
      const res = await ctx.request(action.path, { method: action.method, cookie, json: action.json });
      expect(res.status, `${action.method} ${action.path}`).toBe(403);
      expect(await json(res), `${action.method} ${action.path}`).toMatchObject({
        error: {
          code: "IMPERSONATION_FORBIDDEN",
          message: "This action is not available while impersonating a user",
        },
      });
    }

    // Nothing changed.
    const [after] = await ctx.database.db.select().from(companies).where(eq(companies.id, acme.companyId));
    expect(after).toEqual(before);
    expect(
      await ctx.database.db.select().from(companySecrets).where(eq(companySecrets.companyId, acme.companyId)),
    ).toEqual([]);
    const [buyerAfter] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerId));
    expect(buyerAfter).toEqual(buyerBefore);
    expect(await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.companyId, acme.companyId))).toEqual(
      [],
    );
    expect(await ctx.database.db.select().from(teamInvitations)).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(buyerInvitations)
        .where(eq(buyerInvitations.companyId, acme.companyId)),
    ).toEqual([]);
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.id, acme.userId));
    expect(owner).toMatchObject({
      name: expect.not.stringMatching("Hijacked"),
      email: "owner@acme-guard.test",
    });
    expect(await signIn(ctx, "owner@acme-guard.test", FIXTURE_PASSWORD)).toContain("session_token");

    // Each refusal is audited: who, as whom, what (in words and as the request), the outcome.
    const entries = (await auditLog()).filter(
      (e) => e.action === "impersonation_refused" && e.targetUserId === acme.userId,
    );
    for (const action of actions) {
      expect(
        entries.find((e) => e.request === `${action.method} ${action.path}` && e.detail === action.words),
        `${action.method} ${action.path} audited`,
      ).toMatchObject({
        adminUserId: adminId,
        adminEmail: "admin@guard.test",
        targetEmail: "owner@acme-guard.test",
        status: 403,
      });
    }
    await ctx.request("/api/impersonation/end", { method: "POST", cookie });
  });

  it("refuses every route of the API that changes something, but the support actions (the list fails closed)", async () => {
    const { cookie } = await impersonate(acme.userId);
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await ctx.request("/api/openapi.json"),
    );
    // Routes that never act as a signed-in user (anonymous forms, webhooks, API keys) are not the guard's.
    const sessionless = ["/api/public/", "/api/webhooks/", "/api/twilio/", "/api/v1/"];
    const support = IMPERSONATION_SUPPORT_ACTIONS.map((a) => `${a.method} ${a.pattern}`);
    let walked = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (sessionless.some((prefix) => template.startsWith(prefix))) continue;
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        if (method === "GET" || method === "HEAD") continue;
        if (support.includes(`${method} ${template.replace(/\{(\w+)\}/g, ":$1")}`)) continue;
        const path = template.replace(/\{\w+\}/g, crypto.randomUUID());
        const res = await ctx.request(path, { method, cookie, json: {} });
        expect(res.status, `${method} ${template}`).toBe(403);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(80);
    await ctx.request("/api/impersonation/end", { method: "POST", cookie });
  });

  it("refuses to download a backup, and audits the refusal", async () => {
    // The company has a backup to take (made by its owner).
    expect((await ctx.request("/api/settings/backups", { method: "POST", cookie: acme.cookie })).status).toBe(
      201,
    );
    expect((await ctx.request("/api/settings/backups/download", { cookie: acme.cookie })).status).toBe(200);
    const { cookie } = await impersonate(acme.userId);
    expect((await ctx.request("/api/settings/backups", { cookie })).status).toBe(200);
    for (const path of [
      "/api/settings/backups/download",
      `/api/settings/backups/download?id=${crypto.randomUUID()}`,
    ]) {
      const res = await ctx.request(path, { cookie });
      expect(res.status, path).toBe(403);
      expect(await json(res)).toMatchObject({
        error: {
          code: "IMPERSONATION_FORBIDDEN",
          message: PLATFORM_ADMIN_MESSAGES.REFUSED_WHILE_IMPERSONATING,
        },
      });
    }
    const items = (await auditLog()).filter((e) => e.targetUserId === acme.userId);
    expect(items.find((e) => e.request === "GET /api/settings/backups/download")).toMatchObject({
      action: "impersonation_refused",
      detail: "Downloaded a backup",
      status: 403,
    });
    await ctx.request("/api/impersonation/end", { method: "POST", cookie });
  });

  it("lets the admin read and use the support actions, and audits every request with its outcome", async () => {
    const { cookie } = await impersonate(acme.userId);
    for (const path of [
      "/api/whoami",
      "/api/settings/company",
      "/api/buyers",
      "/api/leads",
      "/api/auth/get-session",
    ]) {
      const res = await ctx.request(path, { cookie });
      expect(res.status, path).toBe(200);
    }
    // A support action: resending a failed e-mail (this one does not exist, so 404, but it got through).
    const resend = await ctx.request(`/api/email/messages/${crypto.randomUUID()}/resend`, {
      method: "POST",
      cookie,
    });
    expect(resend.status).toBe(404);

    const items = (await auditLog()).filter((e) => e.targetUserId === acme.userId);
    expect(items.find((e) => e.request === "GET /api/settings/company")).toMatchObject({
      action: "impersonation_request",
      detail: "Viewed company settings",
      status: 200,
      adminEmail: "admin@guard.test",
    });
    expect(items.find((e) => e.request?.startsWith("POST /api/email/messages/"))).toMatchObject({
      action: "impersonation_request",
      detail: "Resent a failed e-mail",
      status: 404,
    });
    expect(items.find((e) => e.request === "GET /api/auth/get-session")).toMatchObject({
      detail: "Read the session",
      status: 200,
    });

    const end = await ctx.request("/api/impersonation/end", { method: "POST", cookie });
    expect(await json(end)).toEqual({ restored: true });
    // The admin's own requests are not impersonation entries.
    const count = (await auditLog()).length;
    expect((await ctx.request("/api/whoami", { cookie: applyCookies(cookie, end) })).status).toBe(200);
    expect((await auditLog()).length).toBe(count);
  });
});

it("signing out while impersonating signs out, with nothing to come back to", async () => {
  const { cookie } = await impersonate(acme.userId);
  const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie });
  expect(out.status).toBe(200);
  const after = applyCookies(cookie, out);
  const who = await ctx.request("/api/whoami", { cookie: after });
  expect(who.status).toBe(401);
  expect(((await json(who)) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
  expect((await ctx.request("/api/impersonation/end", { method: "POST", cookie: after })).status).toBe(400);
});

describe("the impersonation hour", () => {
  it("get-session without the don't-remember cookie never moves the expiry past the hour", async () => {
    const { cookie, session } = await impersonate(acme.userId);
    const hourEnd = session.createdAt.getTime() + 60 * 60 * 1000;
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(hourEnd);
    const bare = withoutDontRemember(cookie);
    expect(bare).not.toBe(cookie);

    // The auth library refreshes a session with less than six days left unless that cookie says not to.
    const res = await ctx.request("/api/auth/get-session", { cookie: bare });
    expect(res.status).toBe(200);
    const body = await json<{ session: { expiresAt: string } }>(res);
    expect(new Date(body.session.expiresAt).getTime()).toBeLessThanOrEqual(hourEnd);
    expect((await sessionRow(session.id))!.expiresAt.getTime()).toBeLessThanOrEqual(hourEnd);

    // Whatever writes the row (the library's refresh, or anything else), the hour holds.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '7 days'` })
      .where(eq(sessions.id, session.id));
    expect((await sessionRow(session.id))!.expiresAt.getTime()).toBeLessThanOrEqual(hourEnd);

    // 59 minutes in: still the user; still no refresh past the hour.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '59 minutes'` })
      .where(eq(sessions.id, session.id));
    const late = await ctx.request("/api/auth/get-session", { cookie: bare });
    expect(late.status).toBe(200);
    const lateRow = (await sessionRow(session.id))!;
    expect(lateRow.expiresAt.getTime()).toBeLessThanOrEqual(lateRow.createdAt.getTime() + 60 * 60 * 1000);
    expect(lateRow.expiresAt.getTime() - Date.now()).toBeLessThan(61 * 1000);

    // Past the hour: the auth library's own routes answer as to a stranger.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(sessions.id, session.id));
    const update = await ctx.request("/api/auth/update-user", {
      method: "POST",
      cookie: bare,
      json: { name: "After the hour" },
    });
    expect(update.status).toBe(401);
    expect(((await json(update)) as { error: { code: string } }).error.code).toBe("IMPERSONATION_ENDED");
    expect((await ctx.request("/api/auth/list-sessions", { cookie: bare })).status).toBe(401);
    expect(await json(await ctx.request("/api/auth/get-session", { cookie: bare }))).toBeNull();
    expect(await sessionRow(session.id)).toBeUndefined();
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.id, acme.userId));
    expect(owner!.name).not.toBe("After the hour");
  });

  it("brings the admin back to their own session once the hour has ended the impersonation", async () => {
    const { cookie, session } = await impersonate(acme.userId);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(sessions.id, session.id));
    const gone = await ctx.request("/api/whoami", { cookie });
    expect(gone.status).toBe(401);
    expect(((await json(gone)) as { error: { code: string; message: string } }).error).toEqual(
      expect.objectContaining({
        code: "IMPERSONATION_ENDED",
        message: PLATFORM_ADMIN_MESSAGES.IMPERSONATION_ENDED,
      }),
    );
    const end = await ctx.request("/api/impersonation/end", { method: "POST", cookie });
    expect(end.status).toBe(200);
    expect(await json(end)).toEqual({ restored: true });
    const back = applyCookies(cookie, end);
    const who = await json<{ email: string }>(await ctx.request("/api/whoami", { cookie: back }));
    expect(who.email).toBe("admin@guard.test");
    // A second try has nothing to come back from.
    expect((await ctx.request("/api/impersonation/end", { method: "POST", cookie: back })).status).toBe(400);
    // One "ended" entry for the session.
    const ends = (await auditLog()).filter(
      (e) => e.action === "impersonation_end" && e.detail === "Expired after one hour",
    );
    expect(ends.length).toBeGreaterThanOrEqual(1);
  });
});

describe("abandoned impersonations", () => {
  it("get their ended entry from the job, once, and the job leaves live ones alone", async () => {
    const abandoned = await impersonate(acme.userId);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, abandoned.session.id));
    const live = await impersonate(acme.userId);

    const endsOf = (sessionId: string) =>
      ctx.database.db
        .select({
          action: platformAuditLog.action,
          detail: platformAuditLog.detail,
          admin_email: platformAuditLog.adminEmail,
        })
        .from(platformAuditLog)
        .where(
          and(eq(platformAuditLog.sessionId, sessionId), eq(platformAuditLog.action, "impersonation_end")),
        );

    expect(await endsOf(abandoned.session.id)).toEqual([]);
    expect(await endAbandonedImpersonations(ctx.deps)).toBe(1);
    expect(await endsOf(abandoned.session.id)).toEqual([
      { action: "impersonation_end", detail: "Expired after one hour", admin_email: "admin@guard.test" },
    ]);
    expect(await sessionRow(abandoned.session.id)).toBeUndefined();
    expect(await sessionRow(live.session.id)).toBeDefined();
    expect(await endAbandonedImpersonations(ctx.deps)).toBe(0);
    expect(await endsOf(abandoned.session.id)).toHaveLength(1);
    expect(await endsOf(live.session.id)).toEqual([]);
    await ctx.request("/api/impersonation/end", { method: "POST", cookie: live.cookie });

    // The admin comes back to the tab later: the app hears the impersonation ended and goes back.
    const later = await ctx.request("/api/whoami", { cookie: abandoned.cookie });
    expect(later.status).toBe(401);
    expect(((await json(later)) as { error: { code: string } }).error.code).toBe("IMPERSONATION_ENDED");
    const end = await ctx.request("/api/impersonation/end", { method: "POST", cookie: abandoned.cookie });
    expect(await json(end)).toEqual({ restored: true });
    const back = applyCookies(abandoned.cookie, end);
    expect((await json<{ email: string }>(await ctx.request("/api/whoami", { cookie: back }))).email).toBe(
      "admin@guard.test",
    );
  });
});
