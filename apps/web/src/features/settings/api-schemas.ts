// The answers' schemas, imported by ./api in development and tests only.
import { ZAuthEventSchema } from "@leadpost/shared";
import { z } from "zod";

export {
  ZApiKeyListSchema,
  ZBackupAnalysisSchema,
  ZBackupListSchema,
  ZBackupSchema,
  ZCompanySettingsSchema,
  ZCreatedApiKeySchema,
  ZEmailDomainStatusSchema,
  ZMapsTestSchema,
  ZPayPalVerifySchema,
  ZPreferencesSchema,
  ZResendVerifySchema,
  ZRestoreResultSchema,
  ZReturnSettingsSchema,
  ZSubscriptionCancelResultSchema,
  ZSubscriptionCheckoutSchema,
  ZSubscriptionConfirmResultSchema,
  ZSubscriptionStateSchema,
  ZTeamSchema,
  ZTestEmailSchema,
  ZTwilioVerifySchema,
} from "@leadpost/shared";

export const ZLogo = z.object({ logoUrl: z.string().nullable(), message: z.string() });
export const ZAuthEvents = z.object({ events: z.array(ZAuthEventSchema) });
