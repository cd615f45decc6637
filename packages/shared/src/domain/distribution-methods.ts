import {
  hasFullAccessAllowance,
  planDistribution,
  previewReason,
  roundRobinOrder,
  type TMatchedBuyer,
  type TPlannedEntry,
} from "./routing";

// How a form hands its leads out automatically (docs/routing.md "Distribution methods"). Every method
// decides only who takes the lead in full without a click; every other matched buyer sees it as a
// preview and may unlock it with credits while slots remain, as under round robin.

export const DISTRIBUTION_METHODS = ["round_robin", "priority", "weighted", "highest_price"] as const;
export type TDistributionMethod = (typeof DISTRIBUTION_METHODS)[number];

export const DISTRIBUTION_METHOD_LABELS: Record<TDistributionMethod, string> = {
  round_robin: "Round robin",
  priority: "Priority",
  weighted: "Weighted",
  highest_price: "Highest price",
};

/** A buyer the form ranks: its place in the priority order (1 first), its weight and its served count. */
export type TRankedBuyer = {
  buyerId: string;
  name: string;
  position: number;
  weight: number;
  served: number;
};

export type TMethodSettings = {
  method: TDistributionMethod;
  /** The form's buyers in the company's order (priority; the fallback order of highest price) and weights. */
  ranked: readonly TRankedBuyer[];
  /** Credits each buyer bids per lead of the lead's niche (highest price). */
  bids: ReadonlyMap<string, number>;
};

/** A matched buyer with what the methods read besides the rules: its name and credit balance. */
export type TMethodBuyer = TMatchedBuyer & { name: string; creditBalance: number };

/** Why a candidate that did not match was skipped (its first failed rule), to explain a priority order. */
export type TMethodPlan = {
  entries: (TPlannedEntry & { bid?: number })[];
  skipped: { buyerId: string; reason: string; distanceMiles: number }[];
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const place = (m: TMatchedBuyer) => `${round1(m.distanceMiles)} mi, radius ${m.buyer.serviceRadius} mi`;
const allowanceOf = (m: TMatchedBuyer) => (m.buyer.allYouCanEat ? "all_you_can_eat" : "prepaid");
const allowanceLabel = (m: TMatchedBuyer) => (m.buyer.allYouCanEat ? "all-you-can-eat" : "prepaid");

/**
 * The order of the form's ranked buyers among `buyers` (position 1 first), the unranked after them in
 * round-robin order.
 */
export function priorityOrder<T extends TMatchedBuyer>(
  buyers: readonly T[],
  ranked: readonly TRankedBuyer[],
): T[] {
  const pos = new Map(ranked.map((r) => [r.buyerId, r.position]));
  const listed = buyers
    .filter((m) => pos.has(m.buyer.id))
    .sort((a, b) => (pos.get(a.buyer.id) ?? 0) - (pos.get(b.buyer.id) ?? 0));
  const rest = roundRobinOrder(buyers.filter((m) => !pos.has(m.buyer.id)).map((m) => m.buyer));
  const byId = new Map(buyers.map((m) => [m.buyer.id, m]));
  return [...listed, ...rest.flatMap((b) => byId.get(b.id) ?? [])];
}

/**
 * Least served relative to weight: the buyer whose served count divided by its weight is lowest goes
 * first (ties: the larger weight, then round robin). The counts are stored per form and buyer, so the
 * shares hold across server instances. Buyers without a weight come after, in round-robin order.
 */
export function weightedOrder<T extends TMatchedBuyer>(
  buyers: readonly T[],
  ranked: readonly TRankedBuyer[],
): T[] {
  const rank = new Map(ranked.filter((r) => r.weight > 0).map((r) => [r.buyerId, r]));
  const rr = new Map(roundRobinOrder(buyers.map((m) => m.buyer)).map((b, i) => [b.id, i]));
  const ratio = (r: TRankedBuyer) => r.served / r.weight;
  const weighted = buyers
    .filter((m) => rank.has(m.buyer.id))
    .sort((a, b) => {
      const ra = rank.get(a.buyer.id);
      const rb = rank.get(b.buyer.id);
      if (!ra || !rb) return 0;
      return (
        ratio(ra) - ratio(rb) ||
        rb.weight - ra.weight ||
        (rr.get(a.buyer.id) ?? 0) - (rr.get(b.buyer.id) ?? 0)
      );
    });
  const rest = buyers
    .filter((m) => !rank.has(m.buyer.id))
    .sort((a, b) => (rr.get(a.buyer.id) ?? 0) - (rr.get(b.buyer.id) ?? 0));
  return [...weighted, ...rest];
}

/** A buyer's share of the form's weights, in whole percent. */
export function weightShare(ranked: readonly TRankedBuyer[], buyerId: string): number {
  const total = ranked.reduce((s, r) => s + Math.max(0, r.weight), 0);
  const own = ranked.find((r) => r.buyerId === buyerId)?.weight ?? 0;
  return total > 0 ? Math.round((own / total) * 100) : 0;
}

/**
 * The bidders in the order they take a lead: the highest bid first; ties by the priority order, then
 * round robin. Only buyers with a bid of one credit or more for the lead's niche bid.
 */
export function bidOrder<T extends TMatchedBuyer>(
  buyers: readonly T[],
  settings: Pick<TMethodSettings, "bids" | "ranked">,
): T[] {
  const fallback = priorityOrder(buyers, settings.ranked);
  const index = new Map(fallback.map((m, i) => [m.buyer.id, i]));
  const bid = (m: T) => settings.bids.get(m.buyer.id) ?? 0;
  return fallback
    .filter((m) => bid(m) > 0)
    .sort((a, b) => bid(b) - bid(a) || (index.get(a.buyer.id) ?? 0) - (index.get(b.buyer.id) ?? 0));
}

/**
 * Who takes the lead under the form's method. Round robin is planDistribution itself. `notMatched`
 * holds the reasons of the candidates that failed a rule, so a priority order can say why a buyer
 * ranked higher was passed over ("priority 1 (Acme Roofing): Daily cap of 20 reached").
 * Highest price plans the bids only as offers: the caller charges each in turn (`chargeBid`) and a bid
 * that cannot be paid falls to the next (planHighestPrice).
 */
export function planByMethod(
  matched: readonly TMethodBuyer[],
  slots: number,
  settings: TMethodSettings,
  opts: { duplicate?: boolean; notMatched?: ReadonlyMap<string, string> } = {},
): TMethodPlan {
  if (settings.method === "round_robin" || opts.duplicate) {
    return planDistribution(matched, slots, { duplicate: opts.duplicate });
  }
  const holders = matched.filter((m) => hasFullAccessAllowance(m.buyer));
  const queue =
    settings.method === "weighted"
      ? weightedOrder(holders, settings.ranked)
      : priorityOrder(holders, settings.ranked);
  const takers = queue.slice(0, Math.max(0, slots));
  const explain =
    settings.method === "weighted"
      ? (m: TMethodBuyer) => weightedReason(m, settings.ranked)
      : priorityExplainer(matched, settings.ranked, opts.notMatched ?? new Map());
  const entries: TMethodPlan["entries"] = takers.map((m) => ({
    buyerId: m.buyer.id,
    access: "full_access",
    via: allowanceOf(m),
    reason: `${explain(m)} (full access, ${allowanceLabel(m)}: ${place(m)})`,
    distanceMiles: m.distanceMiles,
  }));
  return {
    entries: [...entries, ...previewsOf(matched, new Set(takers.map((m) => m.buyer.id)))],
    skipped: [],
  };
}

/**
 * Highest price: the bidders in bid order take the slots while `pay` accepts their bid (it charges the
 * credits; false when the balance does not cover it), then the allowance holders not served take what
 * is left in the priority order, then round robin. A losing bidder still sees the lead as a preview.
 */
export async function planHighestPrice(
  matched: readonly TMethodBuyer[],
  slots: number,
  settings: TMethodSettings,
  pay: (m: TMethodBuyer, credits: number) => Promise<boolean>,
): Promise<TMethodPlan> {
  const entries: TMethodPlan["entries"] = [];
  const taken = new Set<string>();
  const unpaid = new Map<string, string>();
  let left = Math.max(0, slots);
  for (const m of bidOrder(matched, settings)) {
    if (left === 0) break;
    const bid = settings.bids.get(m.buyer.id) ?? 0;
    if (m.creditBalance < bid || !(await pay(m, bid))) {
      unpaid.set(m.buyer.id, `bid of ${bid} credits, balance ${m.creditBalance}`);
      continue;
    }
    entries.push({
      buyerId: m.buyer.id,
      access: "full_access",
      via: null,
      bid,
      reason: `Highest price: ${bid} credits from ${m.name} (${place(m)})`,
      distanceMiles: m.distanceMiles,
    });
    taken.add(m.buyer.id);
    left -= 1;
  }
  const fallback = priorityOrder(
    matched.filter((m) => !taken.has(m.buyer.id) && hasFullAccessAllowance(m.buyer)),
    settings.ranked,
  );
  for (const m of fallback.slice(0, left)) {
    entries.push({
      buyerId: m.buyer.id,
      access: "full_access",
      via: allowanceOf(m),
      reason: `Highest price fallback: ${m.name}, no paid bid left (full access, ${allowanceLabel(m)}: ${place(m)})`,
      distanceMiles: m.distanceMiles,
    });
    taken.add(m.buyer.id);
  }
  const previews = previewsOf(matched, taken).map((e) => {
    const why = unpaid.get(e.buyerId);
    const bid = settings.bids.get(e.buyerId);
    if (why) return { ...e, reason: `Preview: ${why} (${place(byIdOf(matched, e.buyerId))})` };
    if (bid)
      return { ...e, reason: `Preview: outbid at ${bid} credits (${place(byIdOf(matched, e.buyerId))})` };
    return e;
  });
  return { entries: [...entries, ...previews], skipped: [] };
}

function byIdOf(matched: readonly TMethodBuyer[], id: string): TMethodBuyer {
  const found = matched.find((m) => m.buyer.id === id);
  if (!found) throw new Error(`buyer ${id} is not among the matched`);
  return found;
}

function previewsOf(matched: readonly TMatchedBuyer[], taken: ReadonlySet<string>): TPlannedEntry[] {
  return matched
    .filter((m) => !taken.has(m.buyer.id))
    .map((m) => ({
      buyerId: m.buyer.id,
      access: "preview" as const,
      via: null,
      reason: hasFullAccessAllowance(m.buyer)
        ? `Preview: sale cap reached before this buyer's turn (${place(m)})`
        : previewReason(m.buyer, m.distanceMiles),
      distanceMiles: m.distanceMiles,
    }));
}

function weightedReason(m: TMethodBuyer, ranked: readonly TRankedBuyer[]): string {
  const r = ranked.find((x) => x.buyerId === m.buyer.id);
  if (!r || r.weight <= 0) return `Weighted: ${m.name} (no share set, round robin)`;
  return `Weighted: ${m.name} (share ${weightShare(ranked, m.buyer.id)}%, ${r.served} served before)`;
}

/**
 * "Priority 2: Front Range Roofing; priority 1 (Acme Roofing): Daily cap of 20 reached": each ranked
 * buyer above the taker and below the previous taker, with why it did not take the lead.
 */
function priorityExplainer(
  matched: readonly TMethodBuyer[],
  ranked: readonly TRankedBuyer[],
  notMatched: ReadonlyMap<string, string>,
) {
  const sorted = [...ranked].sort((a, b) => a.position - b.position);
  const matchedIds = new Map(matched.map((m) => [m.buyer.id, m]));
  let from = 0;
  return (m: TMethodBuyer): string => {
    const at = sorted.findIndex((r) => r.buyerId === m.buyer.id);
    if (at < 0) return `Priority: ${m.name} (not ranked, round robin)`;
    const passed = sorted.slice(from, at).map((r) => {
      const other = matchedIds.get(r.buyerId);
      const why =
        notMatched.get(r.buyerId) ??
        (other
          ? "no all-you-can-eat or prepaid leads left (sees a preview)"
          : "takes no lead automatically (no allowance left, or the lead is not in its area or niche)");
      return `priority ${r.position} (${r.name}): ${why}`;
    });
    from = at + 1;
    return [`Priority ${sorted[at]?.position ?? at + 1}: ${m.name}`, ...passed].join("; ");
  };
}
