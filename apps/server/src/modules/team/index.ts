export { registerTeamRoutes } from "./routes";
