import { CALL_MESSAGES, isCompanyAdminRole } from "@leadpost/shared";
import { forbidden } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";

/** Every company role reads the call center; owners and org admins change it. */
export function assertCallCenterAdmin(ctx: TCompanyContext) {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(CALL_MESSAGES.PERMISSION);
}
