/** Who am I: the session, roles and workspaces of the signed-in user. */
export { registerSessionRoutes } from "./routes";
