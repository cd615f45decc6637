/** Buyers: management, invitations and applications. */
import type { TApp, TDeps } from "../../app-types";
import { registerBuyerApplicationRoutes } from "./application-routes";
import { registerBuyerInviteRoute, registerInvitationRoutes } from "./invitation-routes";
import { registerBuyerManagementRoutes } from "./manage-routes";

export { registerBuyerApiRoutes } from "./api-routes";
export { getCapUsage, pauseLeads, resumeLeads, type TCapOwner } from "./caps";
export {
  activateUnlessDeactivated,
  answerInvitationForUser,
  listInvitationsForUser,
} from "./invitation-answers";

export function registerBuyerRoutes(app: TApp, deps: TDeps) {
  registerBuyerInviteRoute(app, deps);
  registerBuyerManagementRoutes(app, deps);
  registerBuyerApplicationRoutes(app, deps);
  registerInvitationRoutes(app, deps);
}
