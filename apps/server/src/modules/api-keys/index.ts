/** Company API keys: created, listed and revoked; the Lead API's route guard checks them (requestApiKey). */
export { registerApiKeyRoutes, requestApiKey } from "./routes";
