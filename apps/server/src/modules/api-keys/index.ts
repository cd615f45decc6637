/** Company API keys: created, listed and revoked; the Lead API authenticates with them. */
export { registerApiKeyRoutes } from "./routes";
