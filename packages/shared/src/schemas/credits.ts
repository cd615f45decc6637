import { z } from "zod";
import { CREDIT_ADJUSTMENT_MAX, CREDIT_MESSAGES, CREDIT_TRANSACTION_TYPES } from "../domain/credit-ledger";
import { ZIdempotencyKeySchema } from "./forms";

export type { TCreditAdjustmentErrorCode, TCreditTransactionType } from "../domain/credit-ledger";
export {
  CREDIT_ADJUSTMENT_ERROR_CODES,
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_BALANCE_MAX,
  CREDIT_CSV_COLUMNS,
  CREDIT_LEDGER_LIMIT,
  CREDIT_MESSAGES,
  CREDIT_TRANSACTION_TYPES,
  creditLedgerCsvFileName,
} from "../domain/credit-ledger";

/** Grant (positive amount) or revoke (negative amount); expiry only when granting (002 §3, §5). */
export const ZCreditAdjustmentSchema = z.object({
  buyerId: z.uuid({ message: CREDIT_MESSAGES.INVALID_BUYER_ID }),
  amount: z
    .number({ message: CREDIT_MESSAGES.INVALID_AMOUNT })
    .int(CREDIT_MESSAGES.INVALID_AMOUNT)
    .min(-CREDIT_ADJUSTMENT_MAX, CREDIT_MESSAGES.INVALID_AMOUNT)
    .max(CREDIT_ADJUSTMENT_MAX, CREDIT_MESSAGES.INVALID_AMOUNT)
    .refine((n) => n !== 0, CREDIT_MESSAGES.AMOUNT_ZERO),
  reason: z
    .string({ message: CREDIT_MESSAGES.INVALID_REASON })
    .trim()
    .min(1, CREDIT_MESSAGES.INVALID_REASON)
    .max(200),
  note: z.string().trim().max(1000).nullish(),
  expiresAt: z.iso.datetime({ offset: true, message: CREDIT_MESSAGES.INVALID_EXPIRY_DATE }).nullish(),
  idempotencyKey: ZIdempotencyKeySchema,
});
export type TCreditAdjustment = z.infer<typeof ZCreditAdjustmentSchema>;

export const ZCreditAdjustmentResultSchema = z.object({
  success: z.literal(true),
  newBalance: z.number(),
  /** True when this key was already applied: nothing new was booked. */
  idempotent: z.boolean(),
  transactionId: z.string(),
  requestId: z.string(),
});
export type TCreditAdjustmentResult = z.infer<typeof ZCreditAdjustmentResultSchema>;

export const ZCreditLedgerEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  buyerId: z.string(),
  buyerEmail: z.string().nullable(),
  buyerName: z.string().nullable(),
  amount: z.number(),
  type: z.enum(CREDIT_TRANSACTION_TYPES),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  expiresAt: z.string().nullable(),
  isRevoked: z.boolean(),
  leadId: z.string().nullable(),
});
export type TCreditLedgerEntry = z.infer<typeof ZCreditLedgerEntrySchema>;

export const ZCreditLedgerQuerySchema = z.object({ buyerId: z.uuid().optional() });
export const ZCreditLedgerSchema = z.object({ entries: z.array(ZCreditLedgerEntrySchema) });
export type TCreditLedger = z.infer<typeof ZCreditLedgerSchema>;

export const ZCreditBuyerSchema = z.object({
  id: z.string(),
  contactName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  status: z.enum(["pending", "active", "inactive"]),
  creditBalance: z.number(),
});
export type TCreditBuyer = z.infer<typeof ZCreditBuyerSchema>;
export const ZCreditBuyersSchema = z.object({ buyers: z.array(ZCreditBuyerSchema) });
export type TCreditBuyers = z.infer<typeof ZCreditBuyersSchema>;

/** The credits-status health check (002 §7). */
export const ZCreditsHealthSchema = z.object({
  success: z.literal(true),
  corsEnabled: z.boolean(),
  authVerified: z.boolean(),
  databaseMs: z.number(),
  requestId: z.string(),
});
export type TCreditsHealth = z.infer<typeof ZCreditsHealthSchema>;
