import { z } from "zod";
import { COMPANY_SUSPENDED_MESSAGE } from "../domain/company-suspension";
import { FORM_MESSAGES } from "../domain/form-texts";

/** Platform admin → Subscribers → a company: trial, exemption, tier by hand, suspension. */
export const ADMIN_COMPANY_MESSAGES = {
  TRIAL_EXTENDED: "Trial extended",
  TRIAL_EXEMPT_ON: "The company is now exempt from the trial",
  TRIAL_EXEMPT_OFF: "The company is no longer exempt from the trial",
  TIER_CHANGED: "Plan changed",
  SUSPENDED: "Company suspended",
  REINSTATED: "Company reinstated",
  REASON_REQUIRED: "Please give a reason (at least 3 characters)",
  DAYS_RANGE: "Enter a number of days from 1 to 365",
  PAID_THROUGH_PAYPAL:
    "This company pays for its plan through PayPal. Its owner changes or cancels it in Subscription Settings.",
  ALREADY_SUSPENDED: "The company is already suspended",
  NOT_SUSPENDED: "The company is not suspended",
  COMPANY_SUSPENDED: COMPANY_SUSPENDED_MESSAGE,
  FORM_CLOSED: FORM_MESSAGES.CLOSED,
} as const;

const reason = z
  .string()
  .trim()
  .min(3, ADMIN_COMPANY_MESSAGES.REASON_REQUIRED)
  .max(500, "Reason must be at most 500 characters");

export const ZExtendTrialSchema = z.object({
  days: z.coerce
    .number(ADMIN_COMPANY_MESSAGES.DAYS_RANGE)
    .int(ADMIN_COMPANY_MESSAGES.DAYS_RANGE)
    .min(1, ADMIN_COMPANY_MESSAGES.DAYS_RANGE)
    .max(365, ADMIN_COMPANY_MESSAGES.DAYS_RANGE),
});
export type TExtendTrial = z.infer<typeof ZExtendTrialSchema>;

export const ZTrialExemptSchema = z.object({ exempt: z.boolean() });
export type TTrialExempt = z.infer<typeof ZTrialExemptSchema>;

export const ZSetTierByHandSchema = z.object({
  tier: z.enum(["free", "basic", "pro", "enterprise"]),
  reason,
});
export type TSetTierByHand = z.infer<typeof ZSetTierByHandSchema>;

export const ZSuspendCompanySchema = z.object({ reason });
export type TSuspendCompany = z.infer<typeof ZSuspendCompanySchema>;

export const ZAdminCompanySchema = z.object({
  companyId: z.string(),
  name: z.string(),
  adminEmail: z.string().nullable(),
  tier: z.enum(["free", "basic", "pro", "enterprise"]),
  subscriptionStatus: z.string().nullable(),
  billedBy: z.enum(["paypal", "manual"]).nullable(),
  seats: z.number(),
  seatsUsed: z.number(),
  trialExpiresAt: z.string().nullable(),
  isTrialExempt: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  buyers: z.number(),
  leads: z.number(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminCompany = z.infer<typeof ZAdminCompanySchema>;

export const ZAdminCompanyResultSchema = z.object({ message: z.string(), company: ZAdminCompanySchema });
export type TAdminCompanyResult = z.infer<typeof ZAdminCompanyResultSchema>;
