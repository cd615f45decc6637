// The answers' schemas, imported by ./api in development and tests only.
export {
  ZAdminCompanyResultSchema,
  ZAdminCompanySchema,
  ZAdminUserResultSchema,
  ZAuditLogSchema,
  ZCompanyOptionsSchema,
  ZImpersonationStartedSchema,
  ZPlatformPayPalSettingsSchema,
  ZPlatformUserListSchema,
  ZRegeneratePlansResultSchema,
  ZSubscriberListSchema,
} from "@leadpost/shared";
