/** Ledger entries that add credits; each is a lot that later debits draw from. */
export const CREDIT_LOT_TYPES = ["grant", "promo", "purchase", "refund"] as const;
/** Ledger entries that remove credits; each is fully allocated to lots. */
export const CREDIT_DEBIT_TYPES = ["consume", "revoke", "expire"] as const;

export type TCreditLot = {
  id: string;
  /** Credits of the lot not yet drawn by any debit. */
  remaining: number;
  expiresAt: Date | null;
  createdAt: Date;
};
export type TLotAllocation = { lotId: string; amount: number };

const isExpired = (lot: TCreditLot, now: Date) => lot.expiresAt !== null && lot.expiresAt <= now;

/** Soonest-expiring lots first, never-expiring lots last; ties go oldest first. */
export function orderLotsForDebit(lots: readonly TCreditLot[]): TCreditLot[] {
  return [...lots].sort((a, b) => {
    const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    if (ea !== eb) return ea < eb ? -1 : 1;
    const ca = a.createdAt.getTime();
    const cb = b.createdAt.getTime();
    if (ca !== cb) return ca - cb;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Credits a debit can draw at `now`: lots already past their expiry are not spendable. */
export function spendableCredits(lots: readonly TCreditLot[], now: Date): number {
  return lots.reduce((sum, lot) => (isExpired(lot, now) ? sum : sum + Math.max(0, lot.remaining)), 0);
}

/**
 * Splits a debit over the lots, soonest-expiring first. Returns null when the spendable credits do not
 * cover it, so a debit is either fully allocated or not booked at all.
 */
export function allocateDebit(
  lots: readonly TCreditLot[],
  amount: number,
  now: Date,
): TLotAllocation[] | null {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("a debit must be a positive integer");
  const allocations: TLotAllocation[] = [];
  let left = amount;
  for (const lot of orderLotsForDebit(lots)) {
    if (left === 0) break;
    if (lot.remaining <= 0 || isExpired(lot, now)) continue;
    const take = Math.min(lot.remaining, left);
    allocations.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? allocations : null;
}

/** Lots whose expiry has passed with credits still in them: each gets an `expire` entry. */
export function dueExpiries(lots: readonly TCreditLot[], now: Date): TCreditLot[] {
  return orderLotsForDebit(lots).filter((lot) => lot.remaining > 0 && isExpired(lot, now));
}
