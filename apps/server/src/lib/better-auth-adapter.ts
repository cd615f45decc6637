import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "better-auth";

/**
 * The one place that relies on better-auth beyond its documented API (docs/architecture.md, "Library
 * adapters"): its internal store (`internalAdapter`), its session cookie's signature and its sliding
 * refresh rule, which the one-statement session look-up (plugins/session-lookup.ts) repeats so that it
 * can skip better-auth on a plain valid session. test/better-auth-adapter.test.ts pins all of it to the
 * installed version: it signs in through better-auth's own handler and checks this file's reading of
 * the cookie and of the refresh against better-auth's own answers.
 */
type TAuthContext = Awaited<Auth["$context"]>;

/** What this adapter reads of better-auth's context (auth.$context, or a plugin endpoint's ctx.context). */
export type TAuthInternals = Pick<
  TAuthContext,
  "internalAdapter" | "secret" | "authCookies" | "createAuthCookie" | "sessionConfig"
>;
export type TAuthHandle = { $context: Promise<TAuthInternals> };

/** The impersonation plugin's cookie (its name before better-auth's prefix). */
export const ADMIN_SESSION_COOKIE = "admin_session";

/** The session fields better-auth keeps that this code reads. */
type TStoredSession = { token: string; userId: string; expiresAt: Date; impersonatedBy?: unknown };

/**
 * better-auth's store, narrowed to what Leadpost does with it: find a user, make, find and delete a
 * session, keep and read a verification value (reset-password links).
 */
export function authStore(context: Pick<TAuthInternals, "internalAdapter">) {
  const store = context.internalAdapter;
  return {
    findUserById: (id: string) => store.findUserById(id),
    /** A session for userId, never refreshed ("don't remember me"), with extra fields (impersonatedBy). */
    createFixedSession: (userId: string, fields: { impersonatedBy: string; expiresAt: Date }) =>
      store.createSession(userId, true, fields, true),
    findSession: (token: string) => store.findSession(token),
    deleteSession: (token: string) => store.deleteSession(token),
    createVerificationValue: (value: { identifier: string; value: string; expiresAt: Date }) =>
      store.createVerificationValue(value),
    findVerificationValue: (identifier: string) => store.findVerificationValue(identifier),
  };
}

/** The store of an auth instance (see authStore). */
export async function authStoreOf(auth: TAuthHandle) {
  return authStore(await auth.$context);
}

/** Who impersonates in a session better-auth hands over (its impersonatedBy field), or null. */
export function impersonatorOf(session: TStoredSession | object | null | undefined): string | null {
  if (!session || !("impersonatedBy" in session)) return null;
  return typeof session.impersonatedBy === "string" && session.impersonatedBy ? session.impersonatedBy : null;
}

export type TAuthCookie = {
  name: string;
  /** Where an impersonation keeps the admin's own session (modules/auth/impersonation-plugin.ts). */
  adminName: string;
  secret: string;
  expiresIn: number;
  updateAge: number;
};

const cookieSettings = new WeakMap<object, Promise<TAuthCookie>>();

/** The session cookie's name, the signing secret and the session lifetimes, from better-auth itself. */
export function authCookie(auth: TAuthHandle): Promise<TAuthCookie> {
  let settings = cookieSettings.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      adminName: context.createAuthCookie(ADMIN_SESSION_COOKIE).name,
      secret: context.secret,
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    }));
    cookieSettings.set(auth, settings);
  }
  return settings;
}

/** One cookie's value from a Cookie header, parsed as better-auth's router does (first one wins). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie (`token.base64(HMAC-SHA256(token, secret))`), null when unsigned or forged. */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The signed cookie `name` of a request, verified: its token, or null. */
export function signedCookieToken(headers: Headers, name: string, secret: string): string | null {
  return verifiedToken(readCookie(headers.get("cookie"), name), secret);
}

/**
 * better-auth's own rule for a session it reads (api/routes/session.ts): "expired" is deleted, "refresh"
 * is extended by expiresIn (sliding, once updateAge has passed since the last extension), "valid" is
 * answered as it is.
 */
export function sessionState(
  expiresAt: Date,
  cookie: Pick<TAuthCookie, "expiresIn" | "updateAge">,
  now = Date.now(),
): "expired" | "refresh" | "valid" {
  if (expiresAt.getTime() < now) return "expired";
  if (expiresAt.getTime() - cookie.expiresIn * 1000 + cookie.updateAge * 1000 <= now) return "refresh";
  return "valid";
}
