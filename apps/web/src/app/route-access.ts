import type { TWhoami } from "@leadpost/shared";
import { hasBuyerRecord, hasCompanyRole, isBuyerOnly, isCompanyAdmin } from "@/lib/session/session-roles";
import type { TWorkspaceMode } from "@/lib/workspace/workspace-storage";

export const LOGIN_PATH = "/login";
export const COMPANY_HOME_PATH = "/dashboard";
export const BUYER_HOME_PATH = "/buyer/dashboard";

/** Spec 003 §2.1: routes that need no signed-in user. */
const PUBLIC_PATHS = new Set([
  "/login",
  "/auth/login",
  "/buyer/login",
  "/register",
  "/auth/register",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/reset-password",
  "/auth/create-password",
  "/auth/chat-password-reset",
  "/buyer/forgot-password",
  "/buyer/reset-password",
  "/auth/reset-password-redirect",
  "/auth/callback",
  "/auth/recovery",
]);
const PUBLIC_PREFIXES = ["/forms/", "/projects/"];

export type TRouteArea = "public" | "company" | "buyer" | "developer" | "signed-in";

function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase() || "/";
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** Which set of access rules a path falls under. */
export function routeAreaOf(pathname: string): TRouteArea {
  const path = normalizePath(pathname);
  if (PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return "public";
  if (isUnder(path, "/dashboard/developer")) return "developer";
  if (isUnder(path, "/buyer")) return "buyer";
  // "/" and "/dashboard" are the role switch; /owner/* are the owner's settings and credits.
  if (path === "/" || isUnder(path, "/dashboard") || isUnder(path, "/owner")) return "company";
  return "signed-in";
}

export type TRedirectReason =
  | "signed-out"
  | "not-in-buyer-mode"
  | "buyer-only"
  | "developer-only"
  | "debug-admin-only"
  | "no-buyer-record"
  | "company-admin-only";

export type TRouteAccess = { type: "allow" } | { type: "redirect"; to: string; reason: TRedirectReason };

export type TRouteAccessInput = {
  pathname: string;
  user: TWhoami | null;
  workspaceMode: TWorkspaceMode;
  /** A production build: the session debug page (003 §2.12) is for platform admins only. */
  isProduction?: boolean;
};

/**
 * Who may open what: the one table of roles the router guard and the navigation both read.
 * - "company": any company user (owner, org admin, member); buyer-only users go to their portal.
 * - "company-admin": owners and org admins; the server refuses members there (a member goes home).
 * - "buyer": users with a buyer record; company admins only in the buyer workspace.
 * - "platform-admin": the configured platform admins.
 * - "signed-in": anyone signed in.
 * The first entry whose path is the pathname or a parent of it applies.
 */
export type TRouteAudience = "company" | "company-admin" | "buyer" | "platform-admin" | "signed-in";
export const ROUTE_ACCESS_TABLE: ReadonlyArray<{ path: string; audience: TRouteAudience; exact?: boolean }> =
  [
    { path: "/dashboard/developer", audience: "platform-admin" },
    { path: "/owner/credits", audience: "company-admin" },
    { path: "/buyer", audience: "buyer" },
    { path: "/owner", audience: "company" },
    { path: "/dashboard", audience: "company" },
    { path: "/", audience: "company", exact: true },
  ];

export function routeAudienceOf(pathname: string): TRouteAudience | "public" {
  const path = normalizePath(pathname);
  if (routeAreaOf(path) === "public") return "public";
  const entry = ROUTE_ACCESS_TABLE.find((e) => (e.exact ? path === e.path : isUnder(path, e.path)));
  return entry?.audience ?? "signed-in";
}

const ALLOW: TRouteAccess = { type: "allow" };

/** Spec 000 §2.1 and 003 §2.1: may this user open this path, and if not, where do they go. */
export function decideRouteAccess({
  pathname,
  user,
  workspaceMode,
  isProduction = false,
}: TRouteAccessInput): TRouteAccess {
  const audience = routeAudienceOf(pathname);
  if (audience === "public") return ALLOW;
  if (!user) return { type: "redirect", to: LOGIN_PATH, reason: "signed-out" };
  // 003 §2.12: in a production build the session debug page is for platform admins only.
  if (isProduction && !user.isPlatformAdmin && isUnder(normalizePath(pathname), "/debug")) {
    return { type: "redirect", to: COMPANY_HOME_PATH, reason: "debug-admin-only" };
  }

  // The buyer portal reads the user's buyer record: without one there is nothing to show.
  if (audience === "buyer" && !hasBuyerRecord(user)) {
    return { type: "redirect", to: COMPANY_HOME_PATH, reason: "no-buyer-record" };
  }
  // Platform admins (the spec's developer account) skip the role checks.
  if (user.isPlatformAdmin) return ALLOW;

  if (audience === "buyer" && isCompanyAdmin(user) && workspaceMode !== "buyer") {
    return { type: "redirect", to: COMPANY_HOME_PATH, reason: "not-in-buyer-mode" };
  }
  if (audience !== "buyer" && audience !== "signed-in" && isBuyerOnly(user)) {
    return { type: "redirect", to: BUYER_HOME_PATH, reason: "buyer-only" };
  }
  if (audience === "platform-admin")
    return { type: "redirect", to: COMPANY_HOME_PATH, reason: "developer-only" };
  if (audience === "company-admin" && !isCompanyAdmin(user)) {
    return { type: "redirect", to: COMPANY_HOME_PATH, reason: "company-admin-only" };
  }
  return ALLOW;
}

/** The navigation shows a link only where the guard would let the user in. */
export function canOpen(
  pathname: string,
  user: TWhoami | null,
  workspaceMode: TWorkspaceMode = "owner",
): boolean {
  return decideRouteAccess({ pathname, user, workspaceMode }).type === "allow";
}

/**
 * Screens any company user may open but that show a member only the spec's permission text (002 §2:
 * "Owner or Admin role required"): settings, preferences, auth events and the e-mail log. The server
 * refuses members their calls.
 */
const ADMIN_ONLY_SCREENS = ["/owner/settings", "/dashboard/settings", "/dashboard/email"];

/** The navigation links only what the user can open and use: never a page that only refuses them. */
export function canUse(
  pathname: string,
  user: TWhoami | null,
  workspaceMode: TWorkspaceMode = "owner",
): boolean {
  if (!canOpen(pathname, user, workspaceMode)) return false;
  const path = normalizePath(pathname);
  if (!ADMIN_ONLY_SCREENS.some((base) => isUnder(path, base))) return true;
  return user !== null && (user.isPlatformAdmin || isCompanyAdmin(user));
}

/**
 * Where a signed-in user belongs (login redirect, spec 000 §2.3 and §2.14): company users to the
 * dashboard, buyers to the buyer dashboard. A company admin who chose the buyer workspace stays there.
 */
export function homePathFor(user: TWhoami, workspaceMode: TWorkspaceMode = "owner"): string {
  if (workspaceMode === "buyer" && user.isBuyer) return BUYER_HOME_PATH;
  if (hasCompanyRole(user) || user.isPlatformAdmin) return COMPANY_HOME_PATH;
  if (hasBuyerRecord(user)) return BUYER_HOME_PATH;
  return COMPANY_HOME_PATH;
}
