/** The company dashboard's counts. */
export { registerDashboardRoutes } from "./routes";
