/** Company API keys: created, listed and revoked; the Lead API authenticates with them. */
export { presentedKey, registerApiKeyRoutes, requestApiKey } from "./routes";
export { authenticateApiKey, type TApiKeyContext } from "./service";
