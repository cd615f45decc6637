export { presentedKey, registerApiKeyRoutes } from "./routes";
export { authenticateApiKey, type TApiKeyContext } from "./service";
