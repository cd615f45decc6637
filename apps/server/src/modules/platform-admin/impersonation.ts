import { PLATFORM_ADMIN_MESSAGES, type TImpersonationStatus } from "@leadpost/shared";
import { eq, inArray } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { afterTenantScope } from "../../db/tenant-scope";
import { AppError, badRequest, forbidden, notFound } from "../../lib/app-error";
import { currentUser } from "../../plugins/session";
import type { TImpersonationEnded } from "../auth";
import { recordPlatformAudit } from "./audit-log";
import { isPlatformAdminEmail, type TPlatformAdminContext } from "./guard";

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
      detail: "Impersonating a platform admin",
    });
    throw new AppError("CANNOT_IMPERSONATE_ADMIN", 403, PLATFORM_ADMIN_MESSAGES.CANNOT_IMPERSONATE_ADMIN);
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
  if (!c.get("impersonatedBy")) throw badRequest("You are not impersonating anyone");
  // The audit entry is written when the session is deleted (recordImpersonationEnded).
  const { headers: authHeaders, response } = await deps.auth.api.platformStopImpersonating({
    headers: c.req.raw.headers,
    returnHeaders: true,
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

/**
 * After requireSession, on routes that move credits or money or change payment settings: an
 * impersonating admin may look, never change (every method but GET and HEAD is refused and audited).
 */
export function refuseWhileImpersonating(deps: Pick<TDeps, "database">): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const adminUserId = c.get("impersonatedBy");
    if (adminUserId && c.req.method !== "GET" && c.req.method !== "HEAD") {
      const target = currentUser(c);
      // The refused request rolls back; the audit of the refusal is written after it, and kept.
      const audit = {
        action: "impersonation_refused" as const,
        adminUserId,
        targetUserId: target.id,
        targetEmail: target.email,
        sessionId: c.get("sessionId") ?? null,
        detail: `${c.req.method} ${c.req.path}`,
      };
      await afterTenantScope(() => recordPlatformAudit(deps.database.db, audit));
      throw new AppError(
        "IMPERSONATION_FORBIDDEN",
        forbidden().status,
        PLATFORM_ADMIN_MESSAGES.REFUSED_WHILE_IMPERSONATING,
      );
    }
    await next();
  };
}
