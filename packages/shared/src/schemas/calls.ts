import { z } from "zod";
import { AGENT_STATUSES, CALL_MESSAGES, DEBUGGER_CHECKS, ROUTING_STRATEGIES } from "../domain/calls";
import { stripControlCharacters } from "../domain/spoken-text";
import { patchSchemaOf } from "./patch";
import { e164PhoneField } from "./phone-field";

export * from "../domain/calls";

// The call center (002): phone numbers, routing numbers, agents, blocked callers, calls and voicemails.

/** Words said to a caller: control characters (which would break the TwiML) are dropped on save. */
const spokenText = (max: number) => z.string().trim().max(max).transform(stripControlCharacters).nullish();

/** Numbers the company owns, agents and blocked callers: any common spelling, stored as E.164. */
const phoneNumberField = e164PhoneField({
  required: CALL_MESSAGES.PHONE_REQUIRED,
  tooShort: CALL_MESSAGES.PHONE_TOO_SHORT,
  invalid: CALL_MESSAGES.PHONE_FORMAT,
});

export const ZPhoneNumberInputSchema = z.object({
  phoneNumber: phoneNumberField,
  description: z.string().trim().max(200).nullish(),
  type: z.enum(["twilio", "routing", "tracking"]).default("twilio"),
  routingStrategy: z.enum(ROUTING_STRATEGIES).default("sequential"),
  routeTo: z.array(z.uuid()).max(50).default([]),
  routeToVoicemail: z.boolean().default(false),
  isActive: z.boolean().default(true),
  recordingEnabled: z.boolean().default(false),
  recordingMessage: spokenText(500),
  voicemailGreeting: spokenText(1000),
  voicemailVoice: z.string().trim().max(60).default("alice"),
  transcribeVoicemail: z.boolean().default(false),
});
export type TPhoneNumberInput = z.input<typeof ZPhoneNumberInputSchema>;
/** Only the keys sent change (no defaults: see patch.ts). */
export const ZPhoneNumberPatchSchema = patchSchemaOf(ZPhoneNumberInputSchema.shape);

export const ZPhoneNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  description: z.string().nullable(),
  type: z.enum(["twilio", "routing", "tracking"]),
  routingStrategy: z.enum(ROUTING_STRATEGIES),
  routeTo: z.array(z.string()),
  routeToVoicemail: z.boolean(),
  isActive: z.boolean(),
  recordingEnabled: z.boolean(),
  recordingMessage: z.string().nullable(),
  voicemailGreeting: z.string().nullable(),
  voicemailVoice: z.string(),
  voicemailAudioUrl: z.string().nullable(),
  transcribeVoicemail: z.boolean(),
  routingNumberIds: z.array(z.string()),
  createdAt: z.string(),
});
export type TPhoneNumber = z.infer<typeof ZPhoneNumberSchema>;
export const ZPhoneNumberListSchema = z.object({ phoneNumbers: z.array(ZPhoneNumberSchema) });

export const ZRoutingNumberInputSchema = z.object({
  label: z
    .string({ message: CALL_MESSAGES.LABEL_REQUIRED })
    .trim()
    .min(1, CALL_MESSAGES.LABEL_REQUIRED)
    .max(100),
  phoneNumber: e164PhoneField({
    required: CALL_MESSAGES.PHONE_REQUIRED,
    tooShort: CALL_MESSAGES.E164,
    invalid: CALL_MESSAGES.E164,
  }),
});
export const ZRoutingNumberSchema = z.object({
  id: z.string(),
  label: z.string(),
  phoneNumber: z.string(),
  createdAt: z.string(),
});
export type TRoutingNumber = z.infer<typeof ZRoutingNumberSchema>;
export const ZRoutingNumberListSchema = z.object({ routingNumbers: z.array(ZRoutingNumberSchema) });

export const ZAgentInputSchema = z.object({
  name: z
    .string({ message: CALL_MESSAGES.NAME_REQUIRED })
    .trim()
    .min(1, CALL_MESSAGES.NAME_REQUIRED)
    .max(100),
  phoneNumber: phoneNumberField,
  status: z.enum(AGENT_STATUSES).default("available"),
  sequenceOrder: z.coerce.number().int().min(1, CALL_MESSAGES.ORDER_MIN).max(1000).default(1),
});
/** Edit Agent: the keys sent change; status and ring order stay unless named. */
export const ZAgentPatchSchema = patchSchemaOf(ZAgentInputSchema.shape);
export const ZAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  status: z.enum(AGENT_STATUSES),
  sequenceOrder: z.number(),
  callCount: z.number(),
});
export type TAgent = z.infer<typeof ZAgentSchema>;
export const ZAgentListSchema = z.object({ agents: z.array(ZAgentSchema) });

export const ZBlockNumberInputSchema = z.object({
  phoneNumber: phoneNumberField,
  reason: z.string().trim().max(200).nullish(),
});
export const ZBlockedNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const ZBlockedNumberListSchema = z.object({ blockedNumbers: z.array(ZBlockedNumberSchema) });

/** How a call ended for the caller: a person answered, nobody did, a voicemail was left, or blocked. */
export const CALL_OUTCOMES = ["answered", "missed", "voicemail", "blocked"] as const;
export type TCallOutcome = (typeof CALL_OUTCOMES)[number];

export const ZCallSchema = z.object({
  id: z.string(),
  callSid: z.string(),
  createdAt: z.string(),
  status: z.string(),
  /** Null while the call is live. */
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** The last <Dial> outcome Twilio reported (completed, no-answer, busy, failed, canceled). */
  dialStatus: z.string().nullable(),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  duration: z.number().nullable(),
  /** The recording through this product (`/api/calls/recordings/…`), or null. */
  recordingUrl: z.string().nullable(),
  agent: z.object({ name: z.string(), phoneNumber: z.string() }).nullable(),
});
export type TCall = z.infer<typeof ZCallSchema>;
export const ZCallListSchema = z.object({ calls: z.array(ZCallSchema) });

export const ZCallIdsSchema = z.object({
  callIds: z.array(z.uuid()).min(1, CALL_MESSAGES.NO_CALLS_SELECTED).max(500),
});

export const ZVoicemailSchema = z.object({
  id: z.string(),
  fromNumber: z.string().nullable(),
  createdAt: z.string(),
  transcription: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  duration: z.number().nullable(),
  isRead: z.boolean(),
});
export const ZVoicemailListSchema = z.object({ voicemails: z.array(ZVoicemailSchema), unread: z.number() });

export const ZCallMetricsSchema = z.object({
  totalCalls: z.number(),
  /** Calls a person answered (the Dial outcome), whatever status the call ended with. */
  completedCalls: z.number(),
  activeCalls: z.number(),
  /** Calls nobody answered and no voicemail was left on. */
  missedCalls: z.number(),
  /** Calls nobody answered where the caller left a voicemail. */
  voicemailCalls: z.number(),
  /** Rounded percentage of answered calls. */
  answerRate: z.number(),
  /** Seconds, over answered calls. */
  averageDuration: z.number(),
  availableAgents: z.number(),
  byDay: z.array(
    z.object({
      date: z.string(),
      calls: z.number(),
      answered: z.number(),
      missed: z.number(),
      voicemail: z.number(),
    }),
  ),
  byNumber: z.array(z.object({ number: z.string(), calls: z.number(), answered: z.number() })),
});
export type TCallMetrics = z.infer<typeof ZCallMetricsSchema>;

/** Add Phone Number: the numbers of the company's Twilio account. */
export const ZIncomingNumberListSchema = z.object({
  numbers: z.array(
    z.object({
      sid: z.string(),
      phoneNumber: z.string(),
      friendlyName: z.string(),
      /** Already sends its calls and status changes to this app. */
      connected: z.boolean(),
    }),
  ),
});
export type TIncomingNumber = z.infer<typeof ZIncomingNumberListSchema>["numbers"][number];

/** The Call Center header and Phone Setup guide: is Twilio connected, and where does it call us. */
export const ZCallCenterStatusSchema = z.object({
  /** True only after the saved SID and token passed a check against Twilio's API. */
  twilioConfigured: z.boolean(),
  /** When the credentials were last checked, if ever. */
  twilioCheckedAt: z.string().nullable(),
  /** The number's "A call comes in" webhook (set on the number when it is connected). */
  voiceUrl: z.string(),
  /** The number's "Call status changes" callback. */
  statusCallbackUrl: z.string(),
});
export type TCallCenterStatus = z.infer<typeof ZCallCenterStatusSchema>;

// The Debugger tab (002 §2, §3, §8): permissions check, the provider's latest calls, local errors, legend.

export const ZCallDebuggerSchema = z.object({
  permissions: z.object({
    accountSid: z.string().nullable(),
    hasCredentials: z.boolean(),
    apiAccessible: z.boolean(),
    /** "Twilio Connected" or "Twilio Not Configured". */
    status: z.string(),
    checks: z.array(
      z.object({ key: z.enum(DEBUGGER_CHECKS), label: z.string(), ok: z.boolean(), detail: z.string() }),
    ),
  }),
  providerCalls: z.array(
    z.object({
      sid: z.string(),
      from: z.string(),
      to: z.string(),
      status: z.string(),
      direction: z.string().nullable(),
      /** Seconds. */
      duration: z.number().nullable(),
      startTime: z.string().nullable(),
      errorCode: z.number().nullable(),
      errorMessage: z.string().nullable(),
    }),
  ),
  /** Why the provider's calls could not be listed, when they could not. */
  providerError: z.string().nullable(),
  localErrors: z.array(
    z.object({
      id: z.string(),
      callSid: z.string(),
      status: z.string(),
      fromNumber: z.string().nullable(),
      toNumber: z.string().nullable(),
      errorCode: z.string().nullable(),
      errorMessage: z.string(),
      moreInfo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  legend: z.array(z.object({ code: z.string(), meaning: z.string() })),
});
export type TCallDebugger = z.infer<typeof ZCallDebuggerSchema>;
