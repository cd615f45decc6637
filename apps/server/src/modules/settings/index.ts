/** Company settings: profile, logo, preferences, e-mail and Twilio credentials and their checks. */
export { getCompanySettings } from "./company-settings";
export { COMPANY_LOGO_PATH } from "./logo";
export { contactPrivacyFor, displayPreferencesOf, readCompanyPreferences } from "./preferences";
export { registerSettingsRoutes } from "./routes";
