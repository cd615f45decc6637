// Lead returns' statuses, defaults and texts, zod-free for the browser (schemas/returns.ts re-exports them).

// Lead returns (PRODUCT §5): a buyer returns a lead it bought, within the company's window and for one
// of the company's reasons; the company approves (the credits come back through the ledger) or rejects.

export const RETURN_STATUSES = ["pending", "approved", "rejected"] as const;
export type TReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_DEFAULTS = {
  windowDays: 7,
  reasons: ["Wrong number", "Duplicate", "Out of area"],
  autoApprovePhoneInvalid: false,
  resellOnApprove: false,
} as const;

export const RETURN_WINDOW_MAX_DAYS = 90;
export const RETURN_REASONS_MAX = 20;

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The texts a buyer or a company sees; the web shows the server's message as it is. */
export const RETURN_MESSAGES = {
  windowPassed: (windowDays: number) => `Returns are accepted within ${days(windowDays)} of purchase.`,
  reasonNotAllowed: (reasons: readonly string[]) =>
    reasons.length
      ? `Choose one of the return reasons: ${reasons.join(", ")}.`
      : "This company accepts no returns at the moment.",
  ALREADY_RETURNED: "This lead has already been returned.",
  LEAD_NOT_FOUND: "Lead not found",
  NOT_BOUGHT_WITH_CREDITS: "Only a lead bought with credits can be returned.",
  NOT_FOUND: "Return not found",
  alreadyDecided: (status: TReturnStatus) => `This return was already ${status}.`,
  REFUND_REASON: "Lead returned",
  ADMIN_ONLY: "Only an owner or admin can decide returns or change the return settings.",
} as const;
