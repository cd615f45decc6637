import type { TWhoami } from "@leadpost/shared";
import { BUYER_HOME_PATH, COMPANY_HOME_PATH } from "@/app/route-access";
import { hasBuyerRecord, hasCompanyRole } from "@/lib/session/session-roles";
import type { TWorkspaceMode } from "@/lib/workspace/workspace-storage";

const BUYER_LOGIN_PATH = "/buyer/login";

export type TLoginAudience = "company" | "buyer";

export type TSignInDestination = {
  to: string;
  workspaceMode: TWorkspaceMode;
  /** Set when the Lead Buyer tab was used by someone without a buyer record (spec 000 §6). */
  warning?: "not-a-buyer";
  /** Set when the user's only buyer records are pending or inactive: the sign-in is refused (000 §6). */
  refused?: "buyer-not-active";
};

/** Where a fresh sign-in lands, given the tab used (spec 000 §2.3, §2.14 and §6). */
export function signInDestination(user: TWhoami, audience: TLoginAudience): TSignInDestination {
  // 000 §6: buyer login requires an active buyer record; the portal's API refuses any other anyway.
  const inactiveBuyerOnly =
    hasBuyerRecord(user) && !user.isBuyer && !hasCompanyRole(user) && !user.isPlatformAdmin;
  if (inactiveBuyerOnly) return { to: BUYER_LOGIN_PATH, workspaceMode: "buyer", refused: "buyer-not-active" };
  if (audience === "buyer") {
    if (user.isBuyer) return { to: BUYER_HOME_PATH, workspaceMode: "buyer" };
    return { to: COMPANY_HOME_PATH, workspaceMode: "owner", warning: "not-a-buyer" };
  }
  if (hasCompanyRole(user) || user.isPlatformAdmin) return { to: COMPANY_HOME_PATH, workspaceMode: "owner" };
  if (hasBuyerRecord(user)) return { to: BUYER_HOME_PATH, workspaceMode: "buyer" };
  return { to: COMPANY_HOME_PATH, workspaceMode: "owner" };
}
