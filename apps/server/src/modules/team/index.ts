export { registerTeamInvitationRoutes } from "./acceptance-routes";
export { registerTeamRoutes } from "./routes";
export { takeSeat } from "./service";
