import {
  planByMethod,
  planDistribution,
  planHighestPrice,
  type TDistributionMethod,
  type TMethodBuyer,
  type TMethodPlan,
} from "@leadpost/shared";
import type { Db } from "../../../../db/client";
import { bookDebit, InsufficientCreditsError, lockBuyer } from "../../../credits";
import { countWeightedServed, loadMethodSettings } from "./settings";

export type TMethodLead = { id: string; companyId: string; formId: string | null; nicheId: string | null };

/**
 * Who takes the lead under its form's method (docs/routing.md "Distribution methods"). Round robin is
 * planDistribution as it always was, with no statement more. The other methods read the form's
 * settings; highest price charges each winning bid through the credit ledger here (a `consume` entry
 * linked to the lead), in the routing's transaction, so a routing that rolls back charges nothing.
 */
export async function planWithMethod(
  tx: Db,
  lead: TMethodLead,
  method: TDistributionMethod,
  matched: readonly TMethodBuyer[],
  slots: number,
  opts: { duplicate: boolean; notMatched: ReadonlyMap<string, string> },
): Promise<TMethodPlan> {
  if (method === "round_robin" || opts.duplicate) {
    return planDistribution(matched, slots, { duplicate: opts.duplicate });
  }
  const settings = await loadMethodSettings(
    tx,
    lead,
    method,
    matched.map((m) => m.buyer.id),
  );
  if (method !== "highest_price") return planByMethod(matched, slots, settings, opts);
  return planHighestPrice(matched, slots, settings, (m, credits) => payBid(tx, lead, m.buyer.id, credits));
}

/** After the write: the weighted counts of the buyers that took the lead. */
export async function afterMethodWrite(
  tx: Db,
  lead: TMethodLead,
  method: TDistributionMethod,
  fullIds: readonly string[],
): Promise<void> {
  if (method === "weighted") await countWeightedServed(tx, lead, fullIds);
}

/**
 * One winning bid paid: the buyer's wallet locked (after its row lock of the candidate statement, the
 * order every routing and purchase takes), then a debit of the bid. A wallet short of it (expired
 * credits) loses the bid, and the next bidder is asked; the savepoint undoes the attempt's writes.
 */
async function payBid(tx: Db, lead: TMethodLead, buyerId: string, credits: number): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const wallet = await lockBuyer(sp, lead.companyId, buyerId);
      if (!wallet || wallet.deletedAt) throw new InsufficientCreditsError(0, -credits);
      await bookDebit(sp, wallet, "consume", credits, new Date(), {
        reason: "Lead won at its bid (highest price)",
        leadId: lead.id,
        idempotencyKey: `bid:${buyerId}:${lead.id}`,
      });
    });
    return true;
  } catch (err) {
    if (err instanceof InsufficientCreditsError) return false;
    throw err;
  }
}
