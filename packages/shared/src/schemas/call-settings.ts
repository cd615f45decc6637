import { z } from "zod";
import { ROUTING_STRATEGIES } from "./calls";

// Company-wide call settings (002 §3 "call settings", §7 get-call-settings / update-call-settings).

export const ZCallSettingsSchema = z.object({
  /** The strategy a new number starts with. */
  routingStrategy: z.enum(ROUTING_STRATEGIES),
  /** Every number records its calls (a number can record when this is off; it cannot opt out when on). */
  recordCalls: z.boolean(),
  /** Unanswered calls go to voicemail; off, the caller hears that nobody is available and the call ends. */
  voicemailEnabled: z.boolean(),
  /** Voicemails are transcribed (only while voicemail is on). */
  transcribeVoicemail: z.boolean(),
});
export type TCallSettings = z.infer<typeof ZCallSettingsSchema>;

/** 002 §7 update-call-settings: one or more settings by name; what is not named is left as it is. */
export const ZCallSettingsPatchSchema = z
  .object({
    routingStrategy: z.enum(ROUTING_STRATEGIES, {
      message: "Routing strategy must be sequential, round robin or all at once",
    }),
    recordCalls: z.boolean({ message: "Record calls must be on or off" }),
    voicemailEnabled: z.boolean({ message: "Voicemail must be on or off" }),
    transcribeVoicemail: z.boolean({ message: "Transcribe voicemail must be on or off" }),
  })
  .partial()
  .strict();

export const CALL_SETTINGS_DEFAULTS: TCallSettings = {
  routingStrategy: "sequential",
  recordCalls: false,
  voicemailEnabled: true,
  transcribeVoicemail: false,
};
