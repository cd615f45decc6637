/** Credits: the append-only ledger, adjustments and expiry. */
export { payLeadBid } from "./bid-payment";
export { runCreditExpiry } from "./expiry";
export { bookCredit, bookDebit, InsufficientCreditsError, lockBuyer, type TLockedBuyer } from "./ledger";
export { registerCreditRoutes } from "./routes";
