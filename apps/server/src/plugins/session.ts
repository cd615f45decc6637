import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps, TSessionUser } from "../app-types";
import { unauthenticated } from "../lib/app-error";
import { lookUpSession, type TSessionRow } from "./session-lookup";

/** An impersonation session ends by itself this long after it started, whatever its cookie says. */
export const IMPERSONATION_MAX_MS = 60 * 60 * 1000;

type TSessionDeps = Pick<TDeps, "auth" | "database">;

/**
 * The request's signed-in session, checked on every request: one statement (session-lookup.ts) for a
 * plain valid session; better-auth's getSession for an expired one or one due for refresh, which
 * it deletes or extends as it always did. `buyer` also reads the buyer record the request acts as.
 */
async function signedInSession(
  deps: TSessionDeps,
  headers: Headers,
  buyer?: { wanted: string | null },
): Promise<TSessionRow | null> {
  const found = await lookUpSession(deps, headers, { buyer });
  if (found === "none") return null;
  if (found !== "ask-auth") return found;
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  return {
    sessionId: session.session.id,
    token: session.session.token,
    expiresAt: new Date(session.session.expiresAt),
    createdAt: new Date(session.session.createdAt),
    impersonatedBy: (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
    user: {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      emailVerified: session.user.emailVerified,
    },
  };
}

/**
 * Resolves and checks the session, sets user, sessionId and impersonatedBy, and returns it; throws
 * 401 when there is none or an impersonation has outlived its hour (which ends it).
 */
export async function authenticate(
  deps: TSessionDeps,
  c: Context<TAppEnv>,
  buyer?: { wanted: string | null },
): Promise<TSessionRow> {
  const session = await signedInSession(deps, c.req.raw.headers, buyer);
  if (!session) throw unauthenticated();
  if (session.impersonatedBy && Date.now() - session.createdAt.getTime() > IMPERSONATION_MAX_MS) {
    // Deleting it also writes the end to the platform audit log.
    await (await deps.auth.$context).internalAdapter.deleteSession(session.token);
    throw unauthenticated("Your impersonation session has ended. Please sign in again.");
  }
  c.set("user", session.user satisfies TSessionUser);
  c.set("sessionId", session.sessionId);
  c.set("impersonatedBy", session.impersonatedBy);
  return session;
}

/** Requires a signed-in user; everything tenant-scoped starts from the user this sets. */
export function requireSession(deps: TSessionDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    await authenticate(deps, c);
    await next();
  };
}

export function currentUser(c: Context<TAppEnv>): TSessionUser {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}
