// The answers' schemas, imported by ./api in development and tests only.
import {
  ZAgentSchema,
  ZCallSettingsSchema,
  ZPhoneNumberSchema,
  ZRoutingNumberSchema,
} from "@leadpost/shared";
import { z } from "zod";

export {
  ZAgentListSchema,
  ZBlockedNumberListSchema,
  ZCallCenterStatusSchema,
  ZCallDebuggerSchema,
  ZCallListSchema,
  ZCallMetricsSchema,
  ZIncomingNumberListSchema,
  ZPhoneNumberListSchema,
  ZRoutingNumberListSchema,
  ZVoicemailListSchema,
} from "@leadpost/shared";

export const ZDone = z.object({ success: z.literal(true), message: z.string() });
export const ZBlocked = z.object({ id: z.string(), phoneNumber: z.string(), message: z.string() });
export const ZDeletedCalls = z.object({
  deletedCount: z.number(),
  twilioEndedCount: z.number(),
  message: z.string(),
});
export const ZSavedAgent = z.object({ agent: ZAgentSchema });
export const ZSavedNumber = z.object({ phoneNumber: ZPhoneNumberSchema });
export const ZSavedRoutingNumber = z.object({ routingNumber: ZRoutingNumberSchema });
export const ZTestCall = z.object({ callSid: z.string(), outcome: z.string(), twiml: z.string() });
export const ZSavedAudio = z.object({ phoneNumber: ZPhoneNumberSchema, message: z.string() });
export const ZCallSettingsAnswer = z.object({ settings: ZCallSettingsSchema });
export const ZSavedCallSettings = z.object({ settings: ZCallSettingsSchema, message: z.string() });
