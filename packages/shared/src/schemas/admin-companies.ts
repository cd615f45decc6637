import { z } from "zod";
import { ADMIN_COMPANY_MESSAGES } from "../domain/admin-companies";

export { ADMIN_COMPANY_MESSAGES } from "../domain/admin-companies";

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
