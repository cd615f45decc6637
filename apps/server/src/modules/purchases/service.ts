import {
  creditsForPrice,
  PURCHASE_MESSAGES,
  type TPurchaseLead,
  type TPurchaseLeadResult,
} from "@leadpost/shared";
import { and, eq, lt, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerLeads, buyers, companies, leads, niches } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { bookDebit, InsufficientCreditsError, lockBuyer } from "../credits";

type TPurchaseDeps = Pick<TDeps, "database">;

const notFound = () => new AppError("NOT_FOUND", 404, PURCHASE_MESSAGES.NOT_FOUND);
const soldOut = () => new AppError("SOLD_OUT", 409, PURCHASE_MESSAGES.SOLD_OUT);

/**
 * The buyer's entry for the lead with what it would pay: price = the buyer's cost per lead, else the
 * lead's niche price. Every join repeats the company, so nothing crosses tenants.
 */
async function loadOffer(tx: Db, ctx: TBuyerContext, leadId: string) {
  const [row] = await tx
    .select({
      entry: buyerLeads,
      saleCount: leads.saleCount,
      saleCap: leads.saleCap,
      nichePrice: niches.price,
      costPerLead: buyers.costPerLead,
      creditBalance: buyers.creditBalance,
      buyerDeletedAt: buyers.deletedAt,
      creditValueUsd: companies.creditValueUsd,
    })
    .from(buyerLeads)
    .innerJoin(leads, and(eq(leads.id, buyerLeads.leadId), eq(leads.companyId, buyerLeads.companyId)))
    .innerJoin(buyers, and(eq(buyers.id, buyerLeads.buyerId), eq(buyers.companyId, buyerLeads.companyId)))
    .innerJoin(companies, eq(companies.id, buyerLeads.companyId))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)))
    .where(
      and(
        eq(buyerLeads.buyerId, ctx.buyerId),
        eq(buyerLeads.leadId, leadId),
        eq(buyerLeads.companyId, ctx.companyId),
      ),
    );
  return row ?? null;
}

/** A buyer who already holds the lead: idempotent for a credit purchase, else already purchased. */
function alreadyHeld(
  entry: { acquiredVia: string | null; creditsSpent: number },
  balance: number,
  leadId: string,
): TPurchaseLeadResult {
  if (entry.acquiredVia !== "credits") {
    throw new AppError("ALREADY_PURCHASED", 409, PURCHASE_MESSAGES.ALREADY_PURCHASED);
  }
  return {
    success: true as const,
    newBalance: balance,
    idempotent: true,
    creditsSpent: entry.creditsSpent,
    leadId,
  };
}

/** A parallel click of the same buyer upgraded the entry first: roll back and answer idempotently. */
class AlreadyUnlocked extends Error {}

/**
 * purchase-lead-with-credit (PRODUCT §3), in one transaction, slot first: take a slot with a conditional
 * update (sale count < cap), so a buyer who loses the race for the last slot writes nothing and debits
 * nothing; only the winner turns its preview into full access (a conditional update, so parallel clicks
 * of one buyer upgrade once), locks its wallet and debits a `consume` entry. Locks are taken lead first,
 * then buyer, the same order routing uses. A short wallet rolls everything back.
 */
export async function purchaseLeadWithCredit(
  deps: TPurchaseDeps,
  ctx: TBuyerContext,
  input: TPurchaseLead,
  now = new Date(),
): Promise<TPurchaseLeadResult> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const offer = await loadOffer(tx, ctx, input.leadId);
      if (!offer || offer.buyerDeletedAt) throw notFound();
      const { entry } = offer;
      if (!entry.isPreview) return alreadyHeld(entry, offer.creditBalance, input.leadId);

      // Cheap early answers; the conditional update below is what actually guards the cap.
      if (offer.saleCount >= offer.saleCap) throw soldOut();
      const price = offer.costPerLead ?? offer.nichePrice ?? 0;
      const credits = creditsForPrice(Number(price), Number(offer.creditValueUsd));

      const slot = await tx
        .update(leads)
        .set({
          saleCount: sql`${leads.saleCount} + 1`,
          status: sql`case when ${leads.saleCount} + 1 >= ${leads.saleCap} then 'sold_out' else ${leads.status} end`,
        })
        .where(
          and(
            eq(leads.id, input.leadId),
            eq(leads.companyId, ctx.companyId),
            lt(leads.saleCount, leads.saleCap),
          ),
        )
        .returning({ id: leads.id });
      if (slot.length === 0) throw soldOut();

      const upgraded = await tx
        .update(buyerLeads)
        .set({
          isPreview: false,
          acquiredVia: "credits",
          creditsSpent: credits,
          unlockedAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(buyerLeads.id, entry.id),
            eq(buyerLeads.companyId, ctx.companyId),
            eq(buyerLeads.isPreview, true),
          ),
        )
        .returning({ id: buyerLeads.id });
      if (upgraded.length === 0) throw new AlreadyUnlocked();

      // The wallet lock serialises this buyer's debits across leads.
      const buyer = await lockBuyer(tx, ctx.companyId, ctx.buyerId);
      if (!buyer || buyer.deletedAt) throw notFound();
      let newBalance = buyer.creditBalance;
      if (credits > 0) {
        try {
          const booked = await bookDebit(tx, buyer, "consume", credits, now, {
            reason: PURCHASE_MESSAGES.REASON,
            leadId: input.leadId,
            idempotencyKey: `purchase:${buyer.id}:${input.idempotencyKey}`,
            createdBy: ctx.userId,
          });
          newBalance = booked.newBalance;
        } catch (err) {
          if (err instanceof InsufficientCreditsError) {
            throw new AppError(
              "INSUFFICIENT_CREDITS",
              402,
              PURCHASE_MESSAGES.INSUFFICIENT_CREDITS,
              undefined,
              err.details,
            );
          }
          throw err;
        }
      }
      return {
        success: true as const,
        newBalance,
        idempotent: false,
        creditsSpent: credits,
        leadId: input.leadId,
      };
    });
  } catch (err) {
    if (err instanceof AlreadyUnlocked) {
      // Everything of this attempt rolled back; answer from what the winning click committed.
      const offer = await loadOffer(deps.database.db, ctx, input.leadId);
      if (!offer) throw notFound();
      return alreadyHeld(offer.entry, offer.creditBalance, input.leadId);
    }
    // The key already paid for another lead of this buyer: a client bug, never a second charge.
    if (isUniqueViolation(err, "credit_transactions_idempotency_unique")) {
      throw new AppError("IDEMPOTENCY_KEY_REUSED", 409, PURCHASE_MESSAGES.KEY_REUSED);
    }
    throw err;
  }
}
