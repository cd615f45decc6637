import { z } from "zod";
import { CALL_TRACKING_MESSAGES, CALL_TRACKING_PERIODS, TRACKING_SOURCES } from "../domain/call-tracking";
import { DNI_SOURCES } from "../domain/dni";
import { toE164 } from "../domain/phone";

// Call tracking (002 "Call Tracking (DNI)"): website numbers swapped per visitor source, tracking
// numbers for campaigns, visitor sessions and the calls attributed to them.

export * from "../domain/call-tracking";

const atLeastTenDigits = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(30, message)
    .refine((v) => v.replace(/\D/g, "").length >= 10, message);

/** A phone number of at least ten digits (the 002 text), stored in its E.164 form. */
const phoneField = (tooShort: string, invalid: string = CALL_TRACKING_MESSAGES.INVALID_PHONE) =>
  atLeastTenDigits(tooShort).transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return e164;
  });

export const ZDniNumberInputSchema = z.object({
  phoneNumber: phoneField(CALL_TRACKING_MESSAGES.PHONE_TOO_SHORT),
  staticNumber: phoneField(CALL_TRACKING_MESSAGES.STATIC_TOO_SHORT),
  source: z.enum(DNI_SOURCES, { message: "Choose a source: direct, google, facebook, bing or other." }),
  label: z.string().trim().max(100, "Label must be at most 100 characters.").nullish(),
  isDefault: z.boolean().default(false),
});
export type TDniNumberInput = z.input<typeof ZDniNumberInputSchema>;

export const ZDniNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  staticNumber: z.string(),
  source: z.enum(DNI_SOURCES),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type TDniNumber = z.infer<typeof ZDniNumberSchema>;
export const ZDniNumberListSchema = z.object({ numbers: z.array(ZDniNumberSchema) });

export const ZDniSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  source: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPage: z.string().nullable(),
  number: z.object({ phoneNumber: z.string(), source: z.string(), label: z.string().nullable() }).nullable(),
});
export type TDniSession = z.infer<typeof ZDniSessionSchema>;
export const ZDniSessionListSchema = z.object({ sessions: z.array(ZDniSessionSchema) });

export const ZTrackingNumberInputSchema = z.object({
  phoneNumberId: z.uuid({ message: CALL_TRACKING_MESSAGES.REQUIRED_FIELDS }),
  source: z.enum(TRACKING_SOURCES, { message: CALL_TRACKING_MESSAGES.REQUIRED_FIELDS }),
  destinationNumber: phoneField(CALL_TRACKING_MESSAGES.REQUIRED_FIELDS),
  campaignId: z.string().trim().max(100, "Campaign ID must be at most 100 characters.").nullish(),
});
export type TTrackingNumberInput = z.input<typeof ZTrackingNumberInputSchema>;

export const ZTrackingNumberSchema = z.object({
  id: z.string(),
  phoneNumberId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  source: z.string(),
  campaignId: z.string().nullable(),
  destinationNumber: z.string().nullable(),
  status: z.enum(["active", "inactive"]),
  createdAt: z.string(),
});
export type TTrackingNumber = z.infer<typeof ZTrackingNumberSchema>;
export const ZTrackingNumberListSchema = z.object({ trackingNumbers: z.array(ZTrackingNumberSchema) });

/** The company's phone numbers a tracking number may use. */
export const ZTrackablePhoneNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  description: z.string().nullable(),
  type: z.string(),
});
export const ZTrackablePhoneNumberListSchema = z.object({
  phoneNumbers: z.array(ZTrackablePhoneNumberSchema),
});

export const ZCallTrackingSetupSchema = z.object({
  publicKey: z.string(),
  /** The script address without the static number: the page appends `&static=…&debug=…`. */
  scriptUrl: z.string(),
});
export type TCallTrackingSetup = z.infer<typeof ZCallTrackingSetupSchema>;

/**
 * How a call was tied to a visit: `visit` when the called number was held by that visit alone when the
 * call came (a per-visit number from the pool); `latest_visit` when several visits shared the number, or
 * none held it any more, and the latest one that was shown it is the best guess.
 */
export const TRACKED_CALL_ATTRIBUTIONS = ["visit", "latest_visit"] as const;
export type TTrackedCallAttribution = (typeof TRACKED_CALL_ATTRIBUTIONS)[number];

export const ZTrackedCallSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  callerNumber: z.string().nullable(),
  calledNumber: z.string().nullable(),
  status: z.string().nullable(),
  duration: z.number().nullable(),
  visitorSource: z.string().nullable(),
  campaignId: z.string().nullable(),
  sessionId: z.string().nullable(),
  attribution: z.enum(TRACKED_CALL_ATTRIBUTIONS).nullable(),
  landingPage: z.string().nullable(),
});
export type TTrackedCall = z.infer<typeof ZTrackedCallSchema>;

export const ZCallTrackingPeriodQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((d) => (CALL_TRACKING_PERIODS as readonly number[]).includes(d), "Choose 1, 7, 30 or 90 days.")
    .default(7),
});

export const ZCallTrackingAnalyticsSchema = z.object({
  days: z.number(),
  totalCalls: z.number(),
  answeredCalls: z.number(),
  /** Rounded percentage of answered calls. */
  answerRate: z.number(),
  /** Total duration over total calls, in seconds. */
  averageDuration: z.number(),
  bySource: z.array(z.object({ source: z.string(), calls: z.number() })),
  byDay: z.array(z.object({ date: z.string(), calls: z.number() })),
  recentCalls: z.array(ZTrackedCallSchema),
});
export type TCallTrackingAnalytics = z.infer<typeof ZCallTrackingAnalyticsSchema>;

export const ZLeadCallTouchesSchema = z.object({ calls: z.array(ZTrackedCallSchema) });

/** The id the pasted script makes for a visit: 128 random bits as 32 hex digits (a uuid to PostgreSQL). */
const ZDniVisitKeySchema = z.string().regex(/^[0-9a-f]{32}$/);

/** What the pasted script sends when a visit begins (text/plain JSON, so no preflight). */
export const ZDniSessionBeaconSchema = z.object({
  key: z.string().min(1).max(100),
  source: z.enum(DNI_SOURCES),
  utmSource: z.string().max(200).nullish(),
  utmMedium: z.string().max(200).nullish(),
  utmCampaign: z.string().max(200).nullish(),
  utmTerm: z.string().max(200).nullish(),
  utmContent: z.string().max(200).nullish(),
  clickId: z.string().max(500).nullish(),
  referrer: z.string().max(2000).nullish(),
  landingPage: z.string().max(2000).nullish(),
  /** The site's own number the script swaps: picks the pool of numbers for this visit. */
  staticNumber: z.string().max(30).nullish(),
  /** The number the page would show (scripts served before per-visit numbers send only this). */
  number: z.string().max(20).nullish(),
  /** The visit's own id, made by the script: the same visit started again is the same visit. */
  visitKey: ZDniVisitKeySchema.nullish(),
});
export type TDniSessionBeacon = z.infer<typeof ZDniSessionBeaconSchema>;

/** The visit as recorded: its id (kept for the visit's later pages) and the number it is to show. */
export const ZDniSessionStartedSchema = z.object({
  sessionId: z.string(),
  number: z.string().nullable(),
});
export type TDniSessionStarted = z.infer<typeof ZDniSessionStartedSchema>;

/**
 * A later page of a recorded visit: keeps its number held for it. The visit is named by the id the script
 * made (`visitKey`) or, from scripts served before it made one, by the recorded visit's id.
 */
export const ZDniSessionSeenSchema = z.union([
  z.object({ key: z.string().min(1).max(100), visitKey: ZDniVisitKeySchema }),
  z.object({ key: z.string().min(1).max(100), sessionId: z.uuid() }),
]);
