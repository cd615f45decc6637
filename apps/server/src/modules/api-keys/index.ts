export { registerApiKeyRoutes } from "./routes";
