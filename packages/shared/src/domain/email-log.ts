// The e-mail log's statuses and page size, zod-free for the browser (schemas/email-log.ts re-exports them).

/** Ours until handed over ("sent"); after that, what the provider's delivery events report. */
export const EMAIL_STATUSES = [
  "queued",
  "sending",
  "sent",
  "failed",
  "delayed",
  "delivered",
  "bounced",
  "complained",
] as const;
export type TEmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_LOG_PAGE_SIZE = 50;
