import type { DbOrTx } from "../../db/client";
import { bookDebit, InsufficientCreditsError, lockBuyer } from "./ledger";

/**
 * A bid won under the highest price method (docs/routing.md "Distribution methods"), paid in the
 * routing's transaction: the buyer's wallet locked (after the row lock the candidate statement took, the
 * order every routing and purchase follows), then one `consume` entry of the bid linked to the lead. A
 * wallet short of it (credits expired since) answers false and the next bidder is asked; the savepoint
 * undoes the attempt's writes.
 */
export async function payLeadBid(
  tx: DbOrTx,
  bid: { companyId: string; buyerId: string; leadId: string; credits: number },
): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const wallet = await lockBuyer(sp, bid.companyId, bid.buyerId);
      if (!wallet || wallet.deletedAt) throw new InsufficientCreditsError(0, -bid.credits);
      await bookDebit(sp, wallet, "consume", bid.credits, new Date(), {
        reason: "Lead won at its bid (highest price)",
        leadId: bid.leadId,
        idempotencyKey: `bid:${bid.buyerId}:${bid.leadId}`,
      });
    });
    return true;
  } catch (err) {
    if (err instanceof InsufficientCreditsError) return false;
    throw err;
  }
}
