import { z } from "zod";
import { EMAIL_STATUSES } from "../domain/email-log";

export type { TEmailStatus } from "../domain/email-log";
export { EMAIL_LOG_PAGE_SIZE, EMAIL_STATUSES } from "../domain/email-log";

export const ZEmailLogQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional(),
  /** Part of the recipient's address. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TEmailLogQuery = z.infer<typeof ZEmailLogQuerySchema>;

export const ZEmailLogMessageSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  transport: z.string(),
  attempts: z.number(),
  /** The provider's last error, if any. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TEmailLogMessage = z.infer<typeof ZEmailLogMessageSchema>;

export const ZEmailLogSchema = z.object({
  messages: z.array(ZEmailLogMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TEmailLog = z.infer<typeof ZEmailLogSchema>;
