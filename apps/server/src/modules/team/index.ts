/** The company's team: members, roles, seats and team invitations. */
export { registerTeamInvitationRoutes } from "./acceptance-routes";
export { registerTeamRoutes } from "./routes";
export { takeSeat } from "./service";
