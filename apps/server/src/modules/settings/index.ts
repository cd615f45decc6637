export { getCompanySettings } from "./company-settings";
export { COMPANY_LOGO_PATH } from "./logo";
export { registerSettingsRoutes } from "./routes";
