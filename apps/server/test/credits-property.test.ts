import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { buyers } from "../src/db/schema";
import { AppError } from "../src/lib/app-error";
import { runCreditExpiry } from "../src/modules/credits/expiry";
import { bookCredit, bookDebit, InsufficientCreditsError, lockBuyer } from "../src/modules/credits/ledger";
import { purchaseLeadWithCredit } from "../src/modules/purchases/service";
import { createLead, giveLead } from "./helpers/buyer-portal";
import { insertBuyer, walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * Random sequences of grants (some expiring), promos, paid packs, refunds, lead purchases, consumes,
 * revokes, clock advances and expiry runs against the real ledger, checked after every step against a plain model:
 * balance = sum(ledger) = sum of lot remainders, never negative, and a debit succeeds exactly when the
 * unexpired credits cover it.
 */

type TOp =
  | { kind: "grant" | "promo" | "purchase" | "refund"; amount: number; expiresInHours: number | null }
  | { kind: "consume" | "revoke"; amount: number }
  | { kind: "buyLead"; price: number }
  | { kind: "advance"; hours: number }
  | { kind: "expireJob" };

const HOUR = 3_600_000;
const opArb: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("grant" as const, "promo" as const),
    amount: fc.integer({ min: 1, max: 40 }),
    expiresInHours: fc.option(fc.integer({ min: 1, max: 48 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constantFrom("purchase" as const, "refund" as const),
    amount: fc.integer({ min: 1, max: 30 }),
    expiresInHours: fc.constant(null),
  }),
  fc.record({
    kind: fc.constantFrom("consume" as const, "revoke" as const),
    amount: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant("buyLead" as const), price: fc.integer({ min: 1, max: 45 }) }),
  fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant("expireJob" as const) }),
);

/** The model: lots in booking order, each with what is left and when it expires. */
type TModelLot = { left: number; expiresAt: number | null; seq: number };
function modelExpire(lots: TModelLot[], now: number) {
  for (const lot of lots) if (lot.expiresAt !== null && lot.expiresAt <= now) lot.left = 0;
}
function modelDebit(lots: TModelLot[], amount: number, now: number): boolean {
  modelExpire(lots, now);
  const total = lots.reduce((s, l) => s + l.left, 0);
  if (total < amount) return false;
  const order = [...lots].sort(
    (a, b) =>
      (a.expiresAt ?? Number.POSITIVE_INFINITY) - (b.expiresAt ?? Number.POSITIVE_INFINITY) || a.seq - b.seq,
  );
  let rest = amount;
  for (const lot of order) {
    const take = Math.min(lot.left, rest);
    lot.left -= take;
    rest -= take;
  }
  return true;
}

let ctx: TTestContext;
let companyId: string;
let userId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ companyId, userId } = await createCompanyWithOwner(ctx, "owner@credits-property.test"));
});

/** A real purchase through the purchase service: a fresh lead previewed by the buyer at this price. */
async function buyLead(buyerId: string, price: number, now: number): Promise<boolean> {
  await ctx.database.db.update(buyers).set({ costPerLead: price }).where(eq(buyers.id, buyerId));
  const lead = await createLead(ctx, { companyId, name: "Property Lead", saleCap: 1 });
  await giveLead(ctx, { companyId, buyerId, leadId: lead.id, preview: true });
  try {
    await purchaseLeadWithCredit(
      ctx.deps,
      { userId, email: "buyer@property.test", buyerId, companyId },
      { leadId: lead.id, idempotencyKey: `property-${lead.id}` },
      new Date(now),
    );
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_CREDITS") return false;
    throw err;
  }
}
afterAll(() => ctx.close());

describe("credits ledger properties", () => {
  it("keeps balance = sum(ledger) = sum(lots), never negative, under random operations", async () => {
    const db = ctx.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const buyer = await insertBuyer(ctx, companyId);
        const lots: TModelLot[] = [];
        let now = Date.now();
        for (const op of ops) {
          if (op.kind === "advance") {
            now += op.hours * HOUR;
          } else if (op.kind === "expireJob") {
            await runCreditExpiry(ctx.deps, new Date(now));
            modelExpire(lots, now);
          } else if (op.kind === "buyLead") {
            const expected = modelDebit(lots, op.price, now);
            expect(await buyLead(buyer.id, op.price, now)).toBe(expected);
          } else if (op.kind === "consume" || op.kind === "revoke") {
            const expected = modelDebit(lots, op.amount, now);
            let booked = true;
            try {
              await db.transaction(async (txRaw) => {
                const tx = txRaw as unknown as Db;
                const wallet = (await lockBuyer(tx, companyId, buyer.id))!;
                await bookDebit(tx, wallet, op.kind as "consume" | "revoke", op.amount, new Date(now));
              });
            } catch (err) {
              if (!(err instanceof InsufficientCreditsError)) throw err;
              booked = false;
              // A refused debit rolls back, including the expiries it booked; the model keeps them,
              // which changes nothing spendable: expired credits are unspendable either way.
            }
            expect(booked).toBe(expected);
          } else {
            const credit = op as Extract<TOp, { expiresInHours: number | null }>;
            const expiresAt = credit.expiresInHours === null ? null : now + credit.expiresInHours * HOUR;
            await db.transaction(async (txRaw) => {
              const tx = txRaw as unknown as Db;
              const wallet = (await lockBuyer(tx, companyId, buyer.id))!;
              await bookCredit(tx, wallet, op.kind as "grant", op.amount, {
                expiresAt: expiresAt === null ? null : new Date(expiresAt),
              });
            });
            lots.push({ left: op.amount, expiresAt, seq: lots.length });
          }
          const state = await walletState(db, buyer.id);
          expect(state.balance).toBeGreaterThanOrEqual(0);
          expect(state.ledgerSum).toBe(state.balance);
          expect(state.lotRemainders).toBe(state.balance);
          expect(state.overdrawnLots).toBe(0);
          expect(state.unallocatedDebits).toBe(0);
          // What can still be spent agrees with the model once due lots are expired on both sides.
          const spendable = lots.reduce(
            (s, l) => s + (l.expiresAt !== null && l.expiresAt <= now ? 0 : l.left),
            0,
          );
          expect(state.balance).toBeGreaterThanOrEqual(spendable);
        }
        // Finally expire everything due and compare exactly with the model.
        await runCreditExpiry(ctx.deps, new Date(now));
        modelExpire(lots, now);
        const final = await walletState(db, buyer.id);
        expect(final.balance).toBe(lots.reduce((s, l) => s + l.left, 0));
        expect(final.ledgerSum).toBe(final.balance);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
