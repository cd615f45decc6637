// The answers' schemas, imported by ./api in development and tests only.
import { ZDniNumberSchema } from "@leadpost/shared";
import { z } from "zod";

export {
  ZCallTrackingAnalyticsSchema,
  ZCallTrackingSetupSchema,
  ZDniNumberListSchema,
  ZDniSessionListSchema,
  ZTrackablePhoneNumberListSchema,
  ZTrackingNumberListSchema,
} from "@leadpost/shared";

export const ZDone = z.object({ success: z.literal(true), message: z.string() });
export const ZSavedDni = z.object({ number: ZDniNumberSchema, message: z.string() });
export const ZCreatedTrackingNumber = z.object({ id: z.string(), message: z.string() });
