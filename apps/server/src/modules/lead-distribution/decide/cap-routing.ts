import { hasRoutingLimits, type TMatchedBuyer, type TRoutingLead } from "@leadpost/shared";
import type { Db } from "../../../db/client";
import type { TCandidate } from "./candidates";
import { countLeadsReceived, readCounters } from "./cap-counters";
import { capSkipReason } from "./caps";
import { ELIGIBILITY_RULES, evaluateBuyer, type TSkipCode } from "./eligibility";

/** A buyer routing skipped by a rule decided at that moment: stored so its previews never show the lead. */
export type TRoutingSkip = { buyerId: string; code: TSkipCode };

const AT_ROUTING = new Set(ELIGIBILITY_RULES.filter((r) => r.atRouting).map((r) => r.code));

/** Whether a failed rule is one decided at the moment of routing (a cap, delivery hours). */
export const skippedAtRouting = (code: TSkipCode | "matched"): code is TSkipCode =>
  code !== "matched" && AT_ROUTING.has(code);

/**
 * The matched buyers with caps receive the lead only if their counters take it (decide/cap-counters.ts,
 * one conditional upsert): a buyer a concurrent routing filled up first is dropped, with the reason its
 * counters give now. A duplicate lead reaches nobody, so counts nothing.
 */
export async function countCappedBuyers<T extends TMatchedBuyer>(
  tx: Db,
  lead: {
    companyId: string;
    latitude: number;
    longitude: number;
    nicheId: string | null;
    answers: TRoutingLead["answers"];
    isDuplicate: boolean;
  },
  matched: readonly T[],
  candidates: ReadonlyMap<string, TCandidate>,
  listSet: ReadonlySet<string> | null,
  now: Date,
): Promise<{
  matched: T[];
  refused: { buyerId: string; reason: string; distanceMiles: number }[];
}> {
  if (lead.isDuplicate) return { matched: [...matched], refused: [] };
  const capped = matched.filter((m) => hasRoutingLimits(candidates.get(m.buyer.id)?.limits));
  if (capped.length === 0) return { matched: [...matched], refused: [] };
  const counted = await countLeadsReceived(
    tx,
    lead.companyId,
    capped.map((m) => m.buyer.id),
    now,
  );
  const missed = capped.filter((m) => !counted.has(m.buyer.id)).map((m) => m.buyer.id);
  if (missed.length === 0) return { matched: [...matched], refused: [] };
  const fresh = await readCounters(tx, lead.companyId, missed);
  const refused = matched
    .filter((m) => missed.includes(m.buyer.id))
    .map((m) => {
      const c = candidates.get(m.buyer.id);
      const again = c
        ? evaluateBuyer(c, lead, listSet, { now, limits: c.limits, counts: fresh.get(c.id) ?? c.counts })
        : null;
      const reason =
        again && !again.eligible
          ? again.reason
          : capSkipReason({ now, limits: c?.limits ?? null, counts: null }, "daily");
      return { buyerId: m.buyer.id, reason, distanceMiles: m.distanceMiles };
    });
  return { matched: matched.filter((m) => !missed.includes(m.buyer.id)), refused };
}
