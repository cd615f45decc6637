/** Accounts: company registration and the team's own account screens. */
export { registerAccountRoutes } from "./routes";
