import { z } from "zod";
import { isDeliveryHours, isTimeZone } from "../domain/buyer-caps";

// Caps and schedules per buyer (docs/buyers.md "Caps and schedules"): what the company sets on a
// buyer, and the pause the buyer sets from its portal. Every field is optional in a PATCH: only the
// fields sent change; null clears a cap, the schedule or the pause's end.

export const BUYER_CAP_MESSAGES = {
  DAILY: "Daily cap must be a whole number from 0 to 1,000,000, or empty for no cap",
  WEEKLY: "Weekly cap must be a whole number from 0 to 1,000,000, or empty for no cap",
  MONTHLY: "Monthly cap must be a whole number from 0 to 1,000,000, or empty for no cap",
  SPEND: "Spend cap must be a whole number of credits from 0 to 1,000,000, or empty for no cap",
  TIME_ZONE: "Time zone must be an IANA time zone, such as America/Los_Angeles",
  HOURS: "Delivery hours need seven days, Monday first, each closed or opening before it closes",
  PAUSED_UNTIL: "Pause end must be a date and time in the future",
  PAUSED: "Pause leads until a date and time, or pause indefinitely",
  PAUSED_MESSAGE: "Leads paused",
  RESUMED_MESSAGE: "Leads resumed",
} as const;

const cap = (message: string) =>
  z.number({ message }).int(message).min(0, message).max(1_000_000, message).nullable();

export const ZDeliveryHoursSchema = z
  .array(z.object({ from: z.number().int(), to: z.number().int() }).nullable(), {
    message: BUYER_CAP_MESSAGES.HOURS,
  })
  .refine(isDeliveryHours, { message: BUYER_CAP_MESSAGES.HOURS })
  .nullable();

export const buyerCapFields = {
  dailyCap: cap(BUYER_CAP_MESSAGES.DAILY),
  weeklyCap: cap(BUYER_CAP_MESSAGES.WEEKLY),
  monthlyCap: cap(BUYER_CAP_MESSAGES.MONTHLY),
  spendCapCredits: cap(BUYER_CAP_MESSAGES.SPEND),
  timeZone: z
    .string({ message: BUYER_CAP_MESSAGES.TIME_ZONE })
    .max(64, BUYER_CAP_MESSAGES.TIME_ZONE)
    .refine(isTimeZone, { message: BUYER_CAP_MESSAGES.TIME_ZONE }),
  deliveryHours: ZDeliveryHoursSchema,
  isPaused: z.boolean({ message: BUYER_CAP_MESSAGES.PAUSED }),
  pausedUntil: z.iso.datetime({ offset: true, message: BUYER_CAP_MESSAGES.PAUSED_UNTIL }).nullable(),
};

/** The Lead API's caps PATCH: only the fields sent change (no defaults, so nothing unsent is reset). */
export const ZUpdateBuyerCapsSchema = z.object(buyerCapFields).partial();
export type TUpdateBuyerCaps = z.infer<typeof ZUpdateBuyerCapsSchema>;

/** What the buyer's caps look like on the wire (the company's buyer, the portal's summary). */
export const ZBuyerCapsSchema = z.object({
  dailyCap: z.number().nullable(),
  weeklyCap: z.number().nullable(),
  monthlyCap: z.number().nullable(),
  spendCapCredits: z.number().nullable(),
  timeZone: z.string(),
  deliveryHours: z.array(z.object({ from: z.number(), to: z.number() }).nullable()).nullable(),
  isPaused: z.boolean(),
  pausedUntil: z.string().nullable(),
});
export type TBuyerCaps = z.infer<typeof ZBuyerCapsSchema>;

/** The buyer's own pause from the portal: until a moment, or indefinitely (`until` null); resume clears it. */
export const ZBuyerPauseSchema = z.object({
  until: z.iso.datetime({ offset: true, message: BUYER_CAP_MESSAGES.PAUSED_UNTIL }).nullable(),
});
export type TBuyerPause = z.infer<typeof ZBuyerPauseSchema>;

/** Today's counts against the caps, in the buyer's own day (the portal's dashboard). */
export const ZBuyerCapUsageSchema = ZBuyerCapsSchema.extend({
  today: z.object({ leads: z.number(), spentCredits: z.number() }),
  week: z.object({ leads: z.number() }),
  month: z.object({ leads: z.number() }),
  /** Whether routing skips the buyer now: paused (indefinitely or until a moment still ahead). */
  pausedNow: z.boolean(),
});
export type TBuyerCapUsage = z.infer<typeof ZBuyerCapUsageSchema>;
