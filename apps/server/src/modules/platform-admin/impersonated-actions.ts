/**
 * What a platform admin may do while impersonating a user, and each request in words for the audit
 * log. Reading (GET, HEAD) is allowed everywhere but under /api/auth, where only reading the session
 * is; of everything that changes something, only the support actions below are (docs/platform-admin.md
 * "Impersonation"). Patterns are route paths with `:name` for a path parameter.
 */
type TMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The support actions: the only changes an impersonating admin may make. */
export const IMPERSONATION_SUPPORT_ACTIONS: readonly { method: TMethod; pattern: string; words: string }[] = [
  { method: "POST", pattern: "/api/impersonation/end", words: "Ended the impersonation" },
  { method: "POST", pattern: "/api/auth/sign-out", words: "Signed out (ended the impersonation)" },
  { method: "POST", pattern: "/api/email/messages/:id/resend", words: "Resent a failed e-mail" },
];

/**
 * Reads refused all the same: a backup file is the whole company's data in one download (every lead's
 * contact details, the ledger), not something support needs to look at; as with payment credentials,
 * only the company's own people take it away.
 */
export const IMPERSONATION_REFUSED_READS: readonly string[] = ["/api/settings/backups/download"];

/** The auth library's routes are the account's own: of them, only reading the session is allowed. */
const AUTH_READS = new Set(["/api/auth/get-session"]);

/** Requests named one by one (the rest are named by their area, below). */
const NAMED: readonly [TMethod, string, string][] = [
  ["PUT", "/api/settings/company", "Changed payment and provider settings"],
  ["PUT", "/api/payments/paypal/settings", "Changed payment settings"],
  ["POST", "/api/settings/sandbox-mode", "Switched between sandbox and live"],
  ["POST", "/api/settings/verify/:provider", "Checked provider credentials"],
  ["POST", "/api/settings/email/test", "Sent a test e-mail"],
  ["POST", "/api/settings/email/domain-status", "Checked the e-mail domain"],
  ["PUT", "/api/settings/preferences", "Changed preferences"],
  ["POST", "/api/settings/logo", "Uploaded the company logo"],
  ["DELETE", "/api/settings/logo", "Removed the company logo"],
  ["POST", "/api/settings/api-keys", "Created an API key"],
  ["DELETE", "/api/settings/api-keys/:id", "Revoked an API key"],
  ["POST", "/api/settings/backups", "Created a backup"],
  ["GET", "/api/settings/backups/download", "Downloaded a backup"],
  ["POST", "/api/settings/backups/analyse", "Checked a backup file"],
  ["POST", "/api/settings/backups/restore", "Restored a backup"],
  ["POST", "/api/settings/team/invitations", "Invited a team member"],
  ["DELETE", "/api/settings/team/invitations/:id", "Revoked a team invitation"],
  ["PUT", "/api/settings/team/members/:userId/role", "Changed a team member's role"],
  ["DELETE", "/api/settings/team/members/:userId", "Removed a team member"],
  ["POST", "/api/settings/subscription", "Subscribed to a plan"],
  ["POST", "/api/settings/subscription/change", "Changed the subscription plan"],
  ["POST", "/api/settings/subscription/cancel", "Cancelled the subscription"],
  ["POST", "/api/settings/subscription/confirm", "Confirmed a subscription"],
  ["POST", "/api/buyers", "Added a buyer"],
  ["POST", "/api/buyers/invite", "Invited a buyer"],
  ["PATCH", "/api/buyers/:id", "Changed a buyer (price, prepaid leads, area)"],
  ["POST", "/api/buyers/:id/status", "Switched a buyer on or off"],
  ["POST", "/api/buyers/:id/archive", "Archived a buyer"],
  ["POST", "/api/credits/adjust", "Granted or revoked credits"],
  ["POST", "/api/purchases", "Bought a lead with credits"],
  ["POST", "/api/payments/credit-orders", "Started a credit pack payment"],
  ["POST", "/api/payments/credit-orders/:id/capture", "Paid for a credit pack"],
  ["POST", "/api/leads/:id/assignments", "Gave a buyer a lead"],
  ["DELETE", "/api/leads/:id", "Deleted a lead"],
  ["GET", "/api/leads/export", "Exported leads"],
  ["GET", "/api/buyer-portal/leads/export", "Exported the buyer's leads"],
  ["GET", "/api/credits/ledger/export", "Exported the credit ledger"],
  ["PATCH", "/api/buyer-portal/leads/:id", "Changed a lead's CRM status or notes"],
  ["PATCH", "/api/buyer-portal/profile", "Changed the buyer profile"],
  ["POST", "/api/session/invitations/:id/accept", "Accepted a buyer invitation"],
  ["POST", "/api/session/invitations/:id/decline", "Declined a buyer invitation"],
  ["POST", "/api/calls/test-call", "Placed a test call"],
  ["PUT", "/api/platform-admin/paypal", "Changed the platform's PayPal settings"],
  ["POST", "/api/auth/update-user", "Changed the user's profile"],
  ["POST", "/api/auth/change-password", "Changed the password"],
  ["POST", "/api/auth/change-email", "Changed the e-mail address"],
  ["POST", "/api/auth/email-otp/request-email-change", "Changed the e-mail address"],
  ["POST", "/api/auth/email-otp/change-email", "Changed the e-mail address"],
  ["POST", "/api/auth/request-password-reset", "Asked for a password reset"],
  ["POST", "/api/auth/reset-password", "Reset a password"],
  ["POST", "/api/auth/revoke-session", "Signed out a session"],
  ["POST", "/api/auth/revoke-sessions", "Signed out every session"],
  ["POST", "/api/auth/revoke-other-sessions", "Signed out the other sessions"],
  ["GET", "/api/auth/list-sessions", "Listed the user's sessions"],
  ["POST", "/api/auth/delete-user", "Deleted the account"],
  ["POST", "/api/auth/get-session", "Read the session"],
  ["GET", "/api/auth/get-session", "Read the session"],
  ["GET", "/api/impersonation", "Read the impersonation status"],
];

/** What each area of the API is about, for the requests not named above (longest prefix first). */
const AREAS: readonly [string, string][] = [
  ["/api/settings/company", "company settings"],
  ["/api/settings/preferences", "preferences"],
  ["/api/settings/api-keys", "API keys"],
  ["/api/settings/backups", "backups"],
  ["/api/settings/team", "the team"],
  ["/api/settings/subscription", "the subscription"],
  ["/api/settings", "settings"],
  ["/api/payments", "payments"],
  ["/api/credits", "credits"],
  ["/api/purchases", "purchases"],
  ["/api/buyer-portal", "the buyer portal"],
  ["/api/buyers", "buyers"],
  ["/api/niches", "niches"],
  ["/api/forms", "forms"],
  ["/api/leads", "leads"],
  ["/api/dashboard", "the dashboard"],
  ["/api/call-tracking", "call tracking"],
  ["/api/calls", "the call center"],
  ["/api/email", "the e-mail log"],
  ["/api/auth-events", "auth events"],
  ["/api/auth", "the account"],
  ["/api/platform-admin", "platform administration"],
  ["/api/impersonation", "the impersonation"],
  ["/api/session", "the session"],
  ["/api/events", "live updates"],
  ["/api/whoami", "the signed-in user"],
  ["/api/company", "the company status"],
  ["/api/team-invitations", "team invitations"],
  ["/api/invitations", "buyer invitations"],
  ["/api/accounts", "accounts"],
];

const VERB: Record<string, string> = { GET: "Viewed", HEAD: "Viewed", DELETE: "Deleted in" };

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.replace(/\/+$/, "").split("/");
  return want.length === got.length && want.every((part, i) => part.startsWith(":") || part === got[i]);
}

export type TImpersonatedAction = { allowed: boolean; words: string };

/** Whether a request may be made while impersonating, and what it does in words. */
export function impersonatedAction(method: string, path: string): TImpersonatedAction {
  const upper = method.toUpperCase();
  const support = IMPERSONATION_SUPPORT_ACTIONS.find((a) => a.method === upper && matches(a.pattern, path));
  if (support) return { allowed: true, words: support.words };
  const read = upper === "GET" || upper === "HEAD";
  const underAuth = path === "/api/auth" || path.startsWith("/api/auth/");
  const trimmed = path.replace(/\/+$/, "");
  const allowed =
    read && (!underAuth || AUTH_READS.has(trimmed)) && !IMPERSONATION_REFUSED_READS.includes(trimmed);
  const named = NAMED.find(
    ([m, pattern]) => (m === upper || (upper === "HEAD" && m === "GET")) && matches(pattern, path),
  );
  if (named) return { allowed, words: named[2] };
  const area = AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  const noun = area?.[1] ?? path;
  return { allowed, words: `${VERB[upper] ?? "Changed"} ${noun}` };
}
