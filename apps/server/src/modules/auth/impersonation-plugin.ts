import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { deleteSessionCookie, expireCookie, setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { ADMIN_SESSION_COOKIE, authStore, impersonatorOf } from "../../lib/better-auth-adapter";

/** Impersonation sessions last one hour at most (also enforced on every request by requireSession). */
export const IMPERSONATION_SECONDS = 60 * 60;
const ADMIN_COOKIE = ADMIN_SESSION_COOKIE;

/**
 * Impersonation as better-auth sessions, for platform admins (who come from configuration, not from a
 * role column, so the admin plugin's own permission check does not fit). Both endpoints are server-only:
 * the platform-admin routes decide who may impersonate whom and call them through auth.api.
 *
 * Start: a new session for the target marked `impersonatedBy`, expiring in one hour and never refreshed
 * (a "don't remember me" session); the admin's own session token is kept in a signed cookie.
 * Stop: the impersonation session is deleted (when its hour has not already ended it) and the admin's
 * session cookie restored from that cookie.
 */
export type TImpersonationEnded = {
  sessionId: string;
  userId: string;
  adminUserId: string;
  /** Ended by its expiry rather than by the admin or a sign-out. */
  expired: boolean;
};

export const platformImpersonation = (
  opts: { onEnded?: (ended: TImpersonationEnded) => Promise<void> } = {},
) =>
  ({
    id: "platform-impersonation",
    init() {
      // Every way an impersonation session goes away (ended, signed out, expired) passes here once.
      return {
        options: {
          databaseHooks: {
            session: {
              delete: {
                async after(session: {
                  id: string;
                  userId: string;
                  expiresAt: Date;
                  createdAt: Date;
                  impersonatedBy?: unknown;
                }) {
                  if (typeof session.impersonatedBy !== "string" || !session.impersonatedBy) return;
                  await opts.onEnded?.({
                    sessionId: session.id,
                    userId: session.userId,
                    adminUserId: session.impersonatedBy,
                    expired:
                      new Date(session.expiresAt).getTime() <= Date.now() ||
                      Date.now() - new Date(session.createdAt).getTime() > IMPERSONATION_SECONDS * 1000,
                  });
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      after: [
        {
          // Signing out while impersonating signs out: nothing is left to come back to the admin's session.
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx) => {
            expireCookie(ctx, ctx.context.createAuthCookie(ADMIN_COOKIE));
          }),
        },
      ],
    },
    schema: {
      session: { fields: { impersonatedBy: { type: "string", required: false, input: false } } },
    },
    endpoints: {
      platformImpersonate: createAuthEndpoint(
        "/platform/impersonate",
        {
          method: "POST",
          body: z.object({ userId: z.string() }),
          use: [sessionMiddleware],
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const admin = ctx.context.session;
          const store = authStore(ctx.context);
          const target = await store.findUserById(ctx.body.userId);
          if (!target) throw APIError.fromStatus("NOT_FOUND", { message: "User not found" });
          const session = await store.createFixedSession(target.id, {
            impersonatedBy: admin.user.id,
            expiresAt: new Date(Date.now() + IMPERSONATION_SECONDS * 1000),
          });
          if (!session) throw APIError.fromStatus("INTERNAL_SERVER_ERROR");
          const dontRemember = await ctx.getSignedCookie(
            ctx.context.authCookies.dontRememberToken.name,
            ctx.context.secret,
          );
          const adminCookie = ctx.context.createAuthCookie(ADMIN_COOKIE);
          await ctx.setSignedCookie(
            adminCookie.name,
            `${admin.session.token}:${dontRemember ?? ""}`,
            ctx.context.secret,
            ctx.context.authCookies.sessionToken.attributes,
          );
          await setSessionCookie(ctx, { session, user: target }, true);
          return ctx.json({ sessionId: session.id, userId: target.id, expiresAt: session.expiresAt });
        },
      ),
      platformStopImpersonating: createAuthEndpoint(
        "/platform/stop-impersonating",
        { method: "POST", requireHeaders: true, metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const store = authStore(ctx.context);
          const current = await getSessionFromCtx(ctx);
          const impersonatedBy = impersonatorOf(current?.session);
          const adminCookie = ctx.context.createAuthCookie(ADMIN_COOKIE);
          const stored = await ctx.getSignedCookie(adminCookie.name, ctx.context.secret);
          // A signed-in session of one's own is never swapped; an impersonation already ended by its
          // hour (no session left) still brings the admin back, from the cookie the start signed.
          if (current ? !impersonatedBy : !stored) {
            throw APIError.fromStatus("BAD_REQUEST", { message: "You are not impersonating anyone" });
          }
          if (current) await store.deleteSession(current.session.token);
          expireCookie(ctx, adminCookie);
          const [adminToken, dontRemember] = (stored || "").split(":");
          const adminSession = adminToken ? await store.findSession(adminToken) : null;
          const adminImpersonating = impersonatorOf(adminSession?.session);
          // Only the admin who started it gets their session back, and only while it is still valid.
          if (
            !adminSession ||
            adminImpersonating ||
            (impersonatedBy && adminSession.session.userId !== impersonatedBy) ||
            adminSession.session.expiresAt < new Date()
          ) {
            deleteSessionCookie(ctx);
            return ctx.json({ restored: false });
          }
          await setSessionCookie(ctx, adminSession, Boolean(dontRemember));
          return ctx.json({ restored: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
