export { registerApiKeyRoutes, requestApiKey } from "./routes";
