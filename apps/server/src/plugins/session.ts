import { PLATFORM_ADMIN_MESSAGES } from "@leadpost/shared";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps, TSessionRow, TSessionUser } from "../app-types";
import { AppError, unauthenticated } from "../lib/app-error";
import { authStoreOf, impersonatorOf } from "../lib/better-auth-adapter";
import { carriesEndedImpersonation, lookUpSession } from "./session-lookup";

/** An impersonation session ends by itself this long after it started, whatever its cookie says. */
export const IMPERSONATION_MAX_MS = 60 * 60 * 1000;

type TSessionDeps = Pick<TDeps, "auth" | "database">;

/**
 * The request's signed-in session, checked on every request: one statement (session-lookup.ts) for a
 * plain valid session; better-auth's getSession for an expired one or one due for refresh, which
 * it deletes or extends as it always did. The buyer record the request acts as (X-Buyer-Id) comes
 * along in the same statement.
 */
async function signedInSession(deps: TSessionDeps, headers: Headers): Promise<TSessionRow | null> {
  const found = await lookUpSession(deps, headers, { buyer: { wanted: headers.get("x-buyer-id") } });
  if (found === "none") return null;
  if (found !== "ask-auth") return found;
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  return {
    sessionId: session.session.id,
    token: session.session.token,
    expiresAt: new Date(session.session.expiresAt),
    createdAt: new Date(session.session.createdAt),
    impersonatedBy: impersonatorOf(session.session),
    impersonatorEmail: null,
    user: {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      emailVerified: session.user.emailVerified,
    },
  };
}

/**
 * The request's session, read once per request whoever asks first (the impersonation guard early in
 * the chain, then requireSession or requireBuyer), so the guard costs no second look-up.
 */
export function resolveSession(deps: TSessionDeps, c: Context<TAppEnv>): Promise<TSessionRow | null> {
  let found = c.get("sessionLookup");
  if (!found) {
    found = signedInSession(deps, c.req.raw.headers);
    c.set("sessionLookup", found);
  }
  return found;
}

const impersonationEnded = () =>
  new AppError("IMPERSONATION_ENDED", PLATFORM_ADMIN_MESSAGES.IMPERSONATION_ENDED);

/** An impersonation session past its hour (by its expiry or its age), which must end. */
export function impersonationOver(session: Pick<TSessionRow, "impersonatedBy" | "createdAt" | "expiresAt">) {
  if (!session.impersonatedBy) return false;
  const now = Date.now();
  return session.expiresAt.getTime() <= now || now - session.createdAt.getTime() > IMPERSONATION_MAX_MS;
}

/** Ends an impersonation past its hour; deleting it also writes the end to the platform audit log. */
export async function endOverdueImpersonation(deps: TSessionDeps, session: TSessionRow): Promise<void> {
  await (await authStoreOf(deps.auth)).deleteSession(session.token);
}

/**
 * Resolves and checks the session, sets user, sessionId and impersonatedBy, and returns it; throws
 * 401 when there is none or an impersonation has outlived its hour (which ends it: 401
 * IMPERSONATION_ENDED, so the web app can bring the admin back to their own session).
 */
export async function authenticate(deps: TSessionDeps, c: Context<TAppEnv>): Promise<TSessionRow> {
  const session = await resolveSession(deps, c);
  if (!session) {
    // Said apart from a plain sign-out so the web app can bring the admin back (POST /api/impersonation/end).
    throw (await carriesEndedImpersonation(deps, c.req.raw.headers))
      ? impersonationEnded()
      : unauthenticated();
  }
  if (impersonationOver(session)) {
    await endOverdueImpersonation(deps, session);
    throw impersonationEnded();
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
