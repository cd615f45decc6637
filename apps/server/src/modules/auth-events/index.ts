/** The company's view of the auth event log. */
export { registerAuthEventRoutes } from "./routes";
