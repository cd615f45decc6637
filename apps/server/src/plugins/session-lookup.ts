import { createHmac, timingSafeEqual } from "node:crypto";
import type { TDeps } from "../app-types";
import { executeText } from "../db/raw";

/**
 * The request's session, its user and (for the buyer portal) the buyer record it acts as, read in one
 * prepared statement instead of better-auth's two look-ups and the buyer's third. better-auth stays the
 * source of truth: this reads the same rows better-auth reads on every request (no cache), and hands
 * every case that is not a plain valid session back to it (see requireSession):
 * - no row (signed out, revoked, unknown token, user gone) is answered as better-auth answers it: null;
 * - an expired session, or one due for its sliding refresh (session.updateAge), goes through
 *   auth.api.getSession, which deletes or extends it exactly as before.
 */
export type TSessionRow = {
  sessionId: string;
  token: string;
  expiresAt: Date;
  createdAt: Date;
  impersonatedBy: string | null;
  /** The impersonating admin's e-mail (null when not an impersonation, or the admin is gone). */
  impersonatorEmail: string | null;
  user: { id: string; email: string; name: string; emailVerified: boolean };
  /** Only when asked for: the user's chosen (or newest) active buyer record, null when none. */
  buyer?: { id: string; companyId: string } | null;
};

type TAuthCookie = {
  name: string;
  /** Where an impersonation keeps the admin's own session (modules/auth/impersonation-plugin.ts). */
  adminName: string;
  secret: string;
  expiresIn: number;
  updateAge: number;
};

/** The impersonation plugin's cookie (its name before better-auth's prefix). */
export const ADMIN_SESSION_COOKIE = "admin_session";

const cookieSettings = new WeakMap<object, Promise<TAuthCookie>>();

/** The session cookie's name, the signing secret and the session lifetimes, from better-auth itself. */
function authCookie(auth: TDeps["auth"]): Promise<TAuthCookie> {
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
function readCookie(header: string | null, name: string): string | null {
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

/**
 * True when the request carries the signed cookie an impersonation start left (the admin's own session,
 * kept aside): a request without a live session then comes from an impersonation that has ended.
 */
export async function carriesEndedImpersonation(
  deps: Pick<TDeps, "auth">,
  headers: Headers,
): Promise<boolean> {
  const cookie = await authCookie(deps.auth);
  return verifiedToken(readCookie(headers.get("cookie"), cookie.adminName), cookie.secret) !== null;
}

type TRow = {
  session_id: string;
  token: string;
  expires_at: Date | string;
  created_at: Date | string;
  impersonated_by: string | null;
  impersonator_email: string | null;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  buyer_id: string | null;
  buyer_company_id: string | null;
};

const SESSION_COLUMNS = `s.id as session_id, s.token, s.expires_at, s.created_at, s.impersonated_by,
         a.email as impersonator_email, u.id as user_id, u.email, u.name, u.email_verified`;

/**
 * Hand-written text (sent as a named prepared statement): built once, not per request. $1 the token;
 * $2 the X-Buyer-Id header. The buyer record is chosen as requireBuyer always chose it: the one named
 * by $2 if it is one of the user's active records, else the newest.
 */
const WITH_BUYER = `
  select ${SESSION_COLUMNS}, b.id as buyer_id, b.company_id as buyer_company_id
    from sessions s
    join users u on u.id = s.user_id
    left join users a on a.id = s.impersonated_by
    left join lateral (
      select id, company_id from buyers
       where user_id = u.id and status = 'active' and deleted_at is null
       order by coalesce(id::text = $2::text, false) desc, created_at desc
       limit 1
    ) b on true
   where s.token = $1`;

const SESSION_ONLY = `
  select ${SESSION_COLUMNS}
    from sessions s
    join users u on u.id = s.user_id
    left join users a on a.id = s.impersonated_by
   where s.token = $1`;

/**
 * Reads the signed-in session of `headers` in one statement. Answers "none" for no (valid) cookie or no
 * such session, "ask-auth" when better-auth must decide (expired, refresh due), else the row.
 */
export async function lookUpSession(
  deps: Pick<TDeps, "auth" | "database">,
  headers: Headers,
  opts: { buyer?: { wanted: string | null } } = {},
): Promise<TSessionRow | "none" | "ask-auth"> {
  const cookie = await authCookie(deps.auth);
  const token = verifiedToken(readCookie(headers.get("cookie"), cookie.name), cookie.secret);
  if (!token) return "none";
  const { rows } = opts.buyer
    ? await executeText(deps.database.db, WITH_BUYER, [token, opts.buyer.wanted])
    : await executeText(deps.database.db, SESSION_ONLY, [token]);
  const row = rows[0] as TRow | undefined;
  if (!row) return "none";
  const expiresAt = new Date(row.expires_at);
  const createdAt = new Date(row.created_at);
  const now = Date.now();
  // A time this code could not read is never taken as valid (the checks below and the impersonation
  // hour compare against it): better-auth decides.
  if (Number.isNaN(createdAt.getTime())) return "ask-auth";
  if (Number.isNaN(expiresAt.getTime())) return "ask-auth";
  // better-auth's own rules (api/routes/session.ts): expired → deleted; refresh due → extended. An
  // impersonation session is never extended (its hour is fixed), and its end is audited, so it is
  // answered as it is: authenticate (session.ts) ends it once its hour is over.
  if (!row.impersonated_by) {
    if (expiresAt.getTime() < now) return "ask-auth";
    if (expiresAt.getTime() - cookie.expiresIn * 1000 + cookie.updateAge * 1000 <= now) return "ask-auth";
  }
  return {
    sessionId: row.session_id,
    token: row.token,
    expiresAt,
    createdAt,
    impersonatedBy: row.impersonated_by,
    impersonatorEmail: row.impersonator_email,
    user: { id: row.user_id, email: row.email, name: row.name, emailVerified: Boolean(row.email_verified) },
    ...(opts.buyer
      ? { buyer: row.buyer_id ? { id: row.buyer_id, companyId: row.buyer_company_id as string } : null }
      : {}),
  };
}
