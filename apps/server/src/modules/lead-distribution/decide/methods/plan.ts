import {
  planByMethod,
  planDistribution,
  planHighestPrice,
  type TDistributionMethod,
  type TMethodBuyer,
  type TMethodPlan,
} from "@leadpost/shared";
import type { Db } from "../../../../db/client";
import type { TBidPayer } from "../../../../ports";
import { countWeightedServed, loadMethodSettings } from "./settings";

export type TMethodLead = { id: string; companyId: string; formId: string | null; nicheId: string | null };

/**
 * Who takes the lead under its form's method (docs/routing.md "Distribution methods"). Round robin is
 * planDistribution as it always was, with no statement more. The other methods read the form's
 * settings; highest price charges each winning bid through the credit ledger here (a `consume` entry
 * linked to the lead), in the routing's transaction, so a routing that rolls back charges nothing.
 */
export async function planWithMethod(
  payBid: TBidPayer,
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
  return planHighestPrice(matched, slots, settings, (m, credits) =>
    payBid(tx, { companyId: lead.companyId, buyerId: m.buyer.id, leadId: lead.id, credits }),
  );
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
