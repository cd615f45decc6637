import type { TWhoami } from "@leadpost/shared";
import { isCompanyAdminRole } from "@leadpost/shared/domain/roles";

/** Owner, org_admin or member of any company. */
export function hasCompanyRole(user: TWhoami): boolean {
  return user.roles.length > 0;
}

/** Owner or org_admin of any company. */
export function isCompanyAdmin(user: TWhoami): boolean {
  return user.roles.some((r) => isCompanyAdminRole(r.role));
}

/** A row in buyers for the user, whatever its status (spec 000 §6: "buyer status means a row in buyers"). */
export function hasBuyerRecord(user: TWhoami): boolean {
  return user.isBuyer || user.activeBuyerId !== null;
}

/** A buyer with no company role: the buyer portal is their whole product. */
export function isBuyerOnly(user: TWhoami): boolean {
  return !hasCompanyRole(user) && hasBuyerRecord(user);
}

/** Spec 001 §2 Layout: owners and org admins who are also (active) buyers may switch workspaces. */
export function canSwitchWorkspace(user: TWhoami): boolean {
  return isCompanyAdmin(user) && user.isBuyer;
}
