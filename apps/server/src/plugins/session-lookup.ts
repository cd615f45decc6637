/*
 * The request's session (TSessionRow, app-types.ts), its user and (for the buyer portal) the buyer
 * record it acts as, read in one prepared statement instead of better-auth's two look-ups and the
 * buyer's third. better-auth stays the source of truth: this reads the same rows better-auth reads on
 * every request (no cache), and hands every case that is not a plain valid session back to it (see
 * requireSession):
 * - no row (signed out, revoked, unknown token, user gone) is answered as better-auth answers it: null;
 * - an expired session, or one due for its sliding refresh (session.updateAge), goes through
 *   auth.api.getSession, which deletes or extends it exactly as before.
 */
import type { TDeps, TSessionRow } from "../app-types";
import { col, executeText, rowOf } from "../db/raw";
import { authCookie, sessionState, signedCookieToken } from "../lib/better-auth-adapter";

/**
 * True when the request carries the signed cookie an impersonation start left (the admin's own session,
 * kept aside): a request without a live session then comes from an impersonation that has ended.
 */
export async function carriesEndedImpersonation(
  deps: Pick<TDeps, "auth">,
  headers: Headers,
): Promise<boolean> {
  const cookie = await authCookie(deps.auth);
  return signedCookieToken(headers, cookie.adminName, cookie.secret) !== null;
}

const SESSION_ROW = {
  session_id: col.text,
  token: col.text,
  expires_at: col.time,
  created_at: col.time,
  impersonated_by: col.orNull(col.text),
  impersonator_email: col.orNull(col.text),
  user_id: col.text,
  email: col.text,
  name: col.text,
  email_verified: col.boolean,
};
const sessionRow = rowOf(SESSION_ROW);
const withBuyerRow = rowOf({
  ...SESSION_ROW,
  buyer_id: col.orNull(col.text),
  buyer_company_id: col.orNull(col.text),
});

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
  const token = signedCookieToken(headers, cookie.name, cookie.secret);
  if (!token) return "none";
  const db = deps.database.db;
  const [row] = opts.buyer
    ? (await executeText(db, withBuyerRow, WITH_BUYER, [token, opts.buyer.wanted])).rows
    : (await executeText(db, sessionRow, SESSION_ONLY, [token])).rows;
  if (!row) return "none";
  const expiresAt = new Date(row.expires_at);
  const createdAt = new Date(row.created_at);
  // A time this code could not read is never taken as valid (the checks below and the impersonation
  // hour compare against it): better-auth decides.
  if (Number.isNaN(createdAt.getTime())) return "ask-auth";
  if (Number.isNaN(expiresAt.getTime())) return "ask-auth";
  // better-auth's own rules (lib/better-auth-adapter.ts): expired → deleted; refresh due → extended.
  // An impersonation session is never extended (its hour is fixed), and its end is audited, so it is
  // answered as it is: authenticate (session.ts) ends it once its hour is over.
  if (!row.impersonated_by && sessionState(expiresAt, cookie) !== "valid") return "ask-auth";
  return {
    sessionId: row.session_id,
    token: row.token,
    expiresAt,
    createdAt,
    impersonatedBy: row.impersonated_by,
    impersonatorEmail: row.impersonator_email,
    user: { id: row.user_id, email: row.email, name: row.name, emailVerified: Boolean(row.email_verified) },
    ...(opts.buyer ? { buyer: buyerOf(row) } : {}),
  };
}

/** The buyer record of a row read with WITH_BUYER (null when the user has none). */
function buyerOf(row: object): TSessionRow["buyer"] {
  if (!withBuyerRow.is(row) || !row.buyer_id || !row.buyer_company_id) return null;
  return { id: row.buyer_id, companyId: row.buyer_company_id };
}
