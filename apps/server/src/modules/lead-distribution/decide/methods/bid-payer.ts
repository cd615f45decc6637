import type { Db } from "../../../../db/client";

/** Pays one winning bid in the routing's transaction; false when the buyer's credits do not cover it. */
export type TBidPayer = (
  tx: Db,
  bid: { companyId: string; buyerId: string; leadId: string; credits: number },
) => Promise<boolean>;

/**
 * The credit ledger pays the bids, but it may not be imported from here (credits reaches this module
 * through settings and realtime): the composition root (wire.ts) hands its payment in. Without one, no
 * bid is paid and the highest price method falls back to the allowance holders.
 */
let payer: TBidPayer | null = null;

export function setBidPayer(pay: TBidPayer): void {
  payer = pay;
}

export const payBid: TBidPayer = (tx, bid) => (payer ? payer(tx, bid) : Promise.resolve(false));
