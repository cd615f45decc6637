import { PLATFORM_ADMIN_MESSAGES, type TImpersonationStatus } from "@leadpost/shared";
import { APIError } from "better-auth/api";
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { authStoreOf } from "../../lib/better-auth-adapter";
import {
  authenticate,
  currentUser,
  endOverdueImpersonation,
  impersonationOver,
  resolveSession,
} from "../../plugins/session";
import { IMPERSONATION_SECONDS, type TImpersonationEnded } from "../auth";
import { recordPlatformAudit } from "./audit-log";
import { isPlatformAdminEmail, type TPlatformAdminContext } from "./guard";
import { impersonatedAction } from "./impersonated-actions";

type TImpersonationDeps = Pick<TDeps, "auth" | "database" | "config" | "logger">;

/** Set-Cookie lines of an auth call, to pass on to the browser. */
export type TWithCookies<T> = { result: T; setCookies: string[] };

/**
 * Starts an impersonation of a user (never of another platform admin): a one-hour session as the
 * target, the admin's own session kept aside for the end. Written to the audit log.
 */
export async function startImpersonation(
  deps: TImpersonationDeps,
  admin: TPlatformAdminContext,
  targetUserId: string,
  headers: Headers,
): Promise<TWithCookies<{ userId: string; email: string; expiresAt: string }>> {
  const db = deps.database.db;
  const [target] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, targetUserId));
  if (!target) throw notFound("User not found");
  if (isPlatformAdminEmail(target.email, deps.config.platformAdminEmails)) {
    await recordPlatformAudit(db, {
      action: "impersonation_refused",
      adminUserId: admin.userId,
      adminEmail: admin.email,
      targetUserId: target.id,
      targetEmail: target.email,
      detail: "Tried to impersonate a platform admin",
    });
    throw new AppError("CANNOT_IMPERSONATE_ADMIN", PLATFORM_ADMIN_MESSAGES.CANNOT_IMPERSONATE_ADMIN);
  }
  const { headers: authHeaders, response } = await deps.auth.api.platformImpersonate({
    body: { userId: target.id },
    headers,
    returnHeaders: true,
  });
  await recordPlatformAudit(db, {
    action: "impersonation_start",
    adminUserId: admin.userId,
    adminEmail: admin.email,
    targetUserId: target.id,
    targetEmail: target.email,
    sessionId: response.sessionId,
  });
  return {
    result: { userId: target.id, email: target.email, expiresAt: new Date(response.expiresAt).toISOString() },
    setCookies: authHeaders.getSetCookie(),
  };
}

/** Ends the impersonation of this session and gives the admin their own session back. */
export async function endImpersonation(
  deps: TImpersonationDeps,
  c: Context<TAppEnv>,
): Promise<TWithCookies<{ restored: boolean }>> {
  // Also after the hour ended the impersonation session (the admin's cookie still brings them back).
  // The audit entry is written when the session is deleted (recordImpersonationEnded).
  const { headers: authHeaders, response } = await deps.auth.api
    .platformStopImpersonating({ headers: c.req.raw.headers, returnHeaders: true })
    .catch((error: unknown) => {
      if (error instanceof APIError && error.statusCode === 400) {
        throw badRequest("You are not impersonating anyone");
      }
      throw error;
    });
  return { result: { restored: response.restored }, setCookies: authHeaders.getSetCookie() };
}

/** Audits the end of an impersonation session, however it ended (the auth plugin's delete hook). */
export async function recordImpersonationEnded(db: Db, ended: TImpersonationEnded): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [ended.adminUserId, ended.userId]));
  await recordPlatformAudit(db, {
    action: "impersonation_end",
    adminUserId: ended.adminUserId,
    adminEmail: rows.find((r) => r.id === ended.adminUserId)?.email ?? null,
    targetUserId: ended.userId,
    targetEmail: rows.find((r) => r.id === ended.userId)?.email ?? null,
    sessionId: ended.sessionId,
    detail: ended.expired ? "Expired after one hour" : null,
  });
}

/**
 * The abandoned-impersonation job (jobs/register.ts): impersonation sessions past their hour that no
 * request noticed (the admin closed the tab) are ended here, which writes their "ended" entry (the auth
 * plugin's delete hook; once per session). Answers how many it ended.
 */
export async function endAbandonedImpersonations(deps: Pick<TDeps, "auth" | "database">): Promise<number> {
  const overdue = await deps.database.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(
      and(
        isNotNull(sessions.impersonatedBy),
        or(
          lte(sessions.expiresAt, sql`now()`),
          lt(sessions.createdAt, sql`now() - make_interval(secs => ${IMPERSONATION_SECONDS})`),
        ),
      ),
    );
  const store = await authStoreOf(deps.auth);
  for (const { token } of overdue) await store.deleteSession(token);
  return overdue.length;
}

/** What the banner needs: is this session an impersonation, by whom, until when. */
export async function impersonationStatus(
  deps: TImpersonationDeps,
  c: Context<TAppEnv>,
): Promise<TImpersonationStatus> {
  const adminUserId = c.get("impersonatedBy");
  const sessionId = c.get("sessionId");
  if (!adminUserId || !sessionId) {
    return { active: false, adminUserId: null, adminEmail: null, userEmail: null, expiresAt: null };
  }
  const db = deps.database.db;
  const [[admin], [session]] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, adminUserId)),
    db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)),
  ]);
  return {
    active: true,
    adminUserId,
    adminEmail: admin?.email ?? null,
    userEmail: currentUser(c).email,
    expiresAt: session?.expiresAt.toISOString() ?? null,
  };
}

const END_PATH = "/api/impersonation/end";

/** Paths that never act as a signed-in user (anonymous, webhooks, API keys): no session is looked up. */
const SESSIONLESS_PREFIXES = ["/api/public/", "/api/webhooks/", "/api/twilio/", "/api/v1/", "/api/health"];

/**
 * The one gate for impersonation, early in the chain (app.ts): a request made with an impersonation
 * session may only read (GET/HEAD; under /api/auth only the session itself) or make one of the support
 * actions (impersonated-actions.ts); anything else answers 403 IMPERSONATION_FORBIDDEN before any
 * handler runs. Every such request, allowed or refused, is written to the platform audit log with the
 * admin, the user, the request in words and its outcome. An impersonation past its hour ends here
 * (401 IMPERSONATION_ENDED), whatever the route, the auth library's included.
 */
export function impersonationGuard(
  deps: Pick<TDeps, "auth" | "database" | "logger">,
): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (SESSIONLESS_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
    const session = await resolveSession(deps, c);
    if (!session?.impersonatedBy) return next();
    // Past its hour: ended here, on any route; only the way back to the admin's own session goes on.
    if (impersonationOver(session) && path === END_PATH) {
      await endOverdueImpersonation(deps, session);
      return next();
    }
    await authenticate(deps, c);
    const { allowed, words } = impersonatedAction(c.req.method, path);
    const audit = (status: number) =>
      recordPlatformAudit(deps.database.db, {
        action: allowed ? "impersonation_request" : "impersonation_refused",
        adminUserId: session.impersonatedBy as string,
        adminEmail: session.impersonatorEmail,
        targetUserId: session.user.id,
        targetEmail: session.user.email,
        sessionId: session.sessionId,
        detail: words,
        request: `${c.req.method} ${path}`,
        status,
      });
    if (!allowed) {
      await audit(403);
      throw new AppError("IMPERSONATION_FORBIDDEN", PLATFORM_ADMIN_MESSAGES.REFUSED_WHILE_IMPERSONATING);
    }
    await next();
    // After the route's own transaction: the entry is kept whatever the route answered.
    await audit(c.res.status).catch((error: unknown) =>
      deps.logger.error({ err: error, request: `${c.req.method} ${path}` }, "impersonation audit failed"),
    );
  };
}
