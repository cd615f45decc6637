export { getCompanySettings } from "./company-settings";
export { registerSettingsRoutes } from "./routes";
