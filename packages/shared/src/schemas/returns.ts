import { z } from "zod";
import { RETURN_REASONS_MAX, RETURN_STATUSES, RETURN_WINDOW_MAX_DAYS } from "../domain/returns";

export type { TReturnStatus } from "../domain/returns";
export {
  RETURN_DEFAULTS,
  RETURN_MESSAGES,
  RETURN_REASONS_MAX,
  RETURN_STATUSES,
  RETURN_WINDOW_MAX_DAYS,
} from "../domain/returns";

const ZReasonSchema = z
  .string({ message: "Choose a reason for the return" })
  .trim()
  .min(1, "Choose a reason for the return")
  .max(60, "A reason is 60 characters at most");

const ZNoteSchema = z.string().trim().max(1000, "The note is 1000 characters at most");

/** What a buyer sends to return a lead. */
export const ZFileReturnSchema = z.object({
  leadId: z.uuid({ message: "Choose the lead to return" }),
  reason: ZReasonSchema,
  note: ZNoteSchema.optional(),
});
export type TFileReturn = z.infer<typeof ZFileReturnSchema>;

/** The company's answer to a return, with an optional note the buyer sees. */
export const ZRejectReturnSchema = z.object({ note: ZNoteSchema.optional() });
export type TRejectReturn = z.infer<typeof ZRejectReturnSchema>;

export const ZApproveReturnSchema = z.object({
  note: ZNoteSchema.optional(),
  /** Frees the lead's slot so another buyer may buy it; absent, the company's setting decides. */
  resell: z.boolean({ message: "Resell must be on or off" }).optional(),
});
export type TApproveReturn = z.infer<typeof ZApproveReturnSchema>;

export const ZReturnIdParamsSchema = z.object({ returnId: z.uuid({ message: "Return not found" }) });
export const ZReturnLeadIdParamsSchema = z.object({ leadId: z.uuid({ message: "Lead not found" }) });

export const ZReturnListQuerySchema = z.object({
  status: z
    .enum([...RETURN_STATUSES, "all"], { message: "Status must be pending, approved, rejected or all" })
    .default("pending"),
});

/** One return as both sides see it. */
export const ZLeadReturnSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  leadName: z.string().nullable(),
  leadService: z.string().nullable(),
  formTitle: z.string().nullable(),
  reason: z.string(),
  note: z.string().nullable(),
  credits: z.number(),
  status: z.enum(RETURN_STATUSES),
  decisionNote: z.string().nullable(),
  autoApproved: z.boolean(),
  resold: z.boolean(),
  phoneMarkedInvalid: z.boolean(),
  purchasedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TLeadReturn = z.infer<typeof ZLeadReturnSchema>;

export const ZReturnCountsSchema = z.object({
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
});
export type TReturnCounts = z.infer<typeof ZReturnCountsSchema>;

export const ZReturnListSchema = z.object({
  returns: z.array(ZLeadReturnSchema),
  counts: ZReturnCountsSchema,
});
export type TReturnList = z.infer<typeof ZReturnListSchema>;

/** The company's return rules. */
export const ZReturnSettingsSchema = z.object({
  windowDays: z.number(),
  reasons: z.array(z.string()),
  autoApprovePhoneInvalid: z.boolean(),
  resellOnApprove: z.boolean(),
});
export type TReturnSettings = z.infer<typeof ZReturnSettingsSchema>;

/** A settings change names only what it changes (no defaults, so nothing else is overwritten). */
export const ZReturnSettingsPatchSchema = z
  .object({
    windowDays: z
      .number({ message: "Return window must be a whole number of days" })
      .int("Return window must be a whole number of days")
      .min(1, "Return window must be at least 1 day")
      .max(RETURN_WINDOW_MAX_DAYS, `Return window is ${RETURN_WINDOW_MAX_DAYS} days at most`),
    reasons: z
      .array(ZReasonSchema, { message: "List the return reasons" })
      .max(RETURN_REASONS_MAX, `At most ${RETURN_REASONS_MAX} return reasons`)
      .refine(
        (list) => new Set(list.map((r) => r.toLowerCase())).size === list.length,
        "Each return reason may appear once",
      ),
    autoApprovePhoneInvalid: z.boolean({ message: "Auto-approve must be on or off" }),
    resellOnApprove: z.boolean({ message: "Resell on approval must be on or off" }),
  })
  .partial()
  .strict();
export type TReturnSettingsPatch = z.infer<typeof ZReturnSettingsPatchSchema>;

/** What the buyer needs to file a return: the window and the reasons it may choose. */
export const ZBuyerReturnListSchema = z.object({
  returns: z.array(ZLeadReturnSchema),
  policy: z.object({ windowDays: z.number(), reasons: z.array(z.string()) }),
});
export type TBuyerReturnList = z.infer<typeof ZBuyerReturnListSchema>;

export const ZFiledReturnSchema = z.object({ return: ZLeadReturnSchema, newBalance: z.number() });
export type TFiledReturn = z.infer<typeof ZFiledReturnSchema>;

export const ZReturnDecisionSchema = z.object({ return: ZLeadReturnSchema, buyerBalance: z.number() });
export type TReturnDecision = z.infer<typeof ZReturnDecisionSchema>;

export const ZPhoneMarkSchema = z.object({
  leadId: z.string(),
  phoneInvalid: z.boolean(),
  approved: z.number(),
});
export type TPhoneMark = z.infer<typeof ZPhoneMarkSchema>;

export const ZReturnRatesQuerySchema = z.object({
  days: z.coerce
    .number({ message: "Choose 7, 30 or 90 days" })
    .refine((n) => [7, 30, 90].includes(n), "Choose 7, 30 or 90 days")
    .default(30),
});

const ZRateRowSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  bought: z.number(),
  returned: z.number(),
  approved: z.number(),
  /** Returns filed per lead bought, in percent (one decimal). */
  rate: z.number(),
});
export type TReturnRateRow = z.infer<typeof ZRateRowSchema>;

export const ZReturnRatesSchema = z.object({
  days: z.number(),
  byBuyer: z.array(ZRateRowSchema),
  byForm: z.array(ZRateRowSchema),
});
export type TReturnRates = z.infer<typeof ZReturnRatesSchema>;
