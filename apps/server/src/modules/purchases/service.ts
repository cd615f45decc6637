import {
  creditsForPrice,
  PURCHASE_MESSAGES,
  spendCapMessage,
  type TPurchaseLead,
  type TPurchaseLeadResult,
} from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { afterCommit } from "../../db/after-commit";
import type { Db } from "../../db/client";
import { col, preparedStatement, queryRows, rowOf } from "../../db/raw";
import { buyerLeads, deliveryEndpoints, endpointDeliveries, leads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { bookDebit, InsufficientCreditsError, lockBuyer } from "../credits";
import { LEAD_DELIVERY_JOB } from "../lead-delivery";
import { countSpendWithinCap, isPreviewOf } from "../lead-distribution";

type TPurchaseDeps = Pick<TDeps, "database" | "jobs" | "logger">;

const notFound = () => new AppError("NOT_FOUND", PURCHASE_MESSAGES.NOT_FOUND);
const soldOut = () => new AppError("SOLD_OUT", PURCHASE_MESSAGES.SOLD_OUT);

type TOfferRow = {
  entry_preview: boolean | null;
  acquired_via: string | null;
  credits_spent: number | null;
  is_preview: boolean;
  sale_count: number;
  sale_cap: number;
  niche_price: string | null;
  cost_per_lead: string | null;
  credit_balance: number;
  buyer_deleted_at: unknown;
  credit_value_usd: string;
};

const offerRow = rowOf<TOfferRow>({
  entry_preview: col.orNull(col.boolean),
  acquired_via: col.orNull(col.text),
  credits_spent: col.orNull(col.number),
  is_preview: col.boolean,
  sale_count: col.number,
  sale_cap: col.number,
  niche_price: col.orNull(col.text),
  cost_per_lead: col.orNull(col.text),
  credit_balance: col.number,
  buyer_deleted_at: col.any,
  credit_value_usd: col.text,
});

/**
 * The buyer's offer for the lead: what it already holds (its entry, if any), whether the lead is its
 * preview (derived on read, lead-distribution/previews), and what it would pay: price = the buyer's cost per
 * lead, else the lead's niche price. Every join repeats the company, so nothing crosses tenants.
 * Hand-written, built once and prepared: every purchase attempt reads it, the 197 losers of a race
 * included. The offer's lead is `o` and the buyer `w`: isPreviewOf's subquery names its own `l` and `b`.
 */
const offerStatement = preparedStatement(offerRow, () => {
  const scope = {
    buyerId: sql`${sql.placeholder("buyerId")}`,
    companyId: sql`${sql.placeholder("companyId")}`,
  };
  return sql`
    select h.is_preview as entry_preview, h.acquired_via, h.credits_spent,
           ${isPreviewOf(scope, sql.raw("o.id"))} as is_preview,
           o.sale_count, o.sale_cap, n.price as niche_price, w.cost_per_lead, w.credit_balance,
           w.deleted_at as buyer_deleted_at, c.credit_value_usd
      from leads o
      join buyers w on w.id = ${scope.buyerId}::uuid and w.company_id = o.company_id
      join companies c on c.id = o.company_id
      left join niches n on n.id = o.niche_id and n.company_id = o.company_id
      left join buyer_leads h on h.lead_id = o.id and h.buyer_id = w.id and h.company_id = o.company_id
     where o.id = ${sql.placeholder("leadId")}::uuid and o.company_id = ${scope.companyId}::uuid`;
});

async function loadOffer(tx: Db, ctx: TBuyerContext, leadId: string) {
  const [row] = await offerStatement(tx, { buyerId: ctx.buyerId, companyId: ctx.companyId, leadId });
  if (!row || (row.entry_preview === null && !row.is_preview)) return null;
  return {
    entry:
      row.entry_preview === null
        ? null
        : {
            isPreview: row.entry_preview,
            acquiredVia: row.acquired_via,
            creditsSpent: Number(row.credits_spent ?? 0),
          },
    saleCount: Number(row.sale_count),
    saleCap: Number(row.sale_cap),
    nichePrice: row.niche_price,
    costPerLead: row.cost_per_lead,
    creditBalance: Number(row.credit_balance),
    buyerDeletedAt: row.buyer_deleted_at,
    creditValueUsd: row.credit_value_usd,
  };
}

/** A buyer who already holds the lead: idempotent for a credit purchase, else already purchased. */
function alreadyHeld(
  entry: { acquiredVia: string | null; creditsSpent: number },
  balance: number,
  leadId: string,
): TPurchaseLeadResult {
  if (entry.acquiredVia !== "credits") {
    throw new AppError("ALREADY_PURCHASED", PURCHASE_MESSAGES.ALREADY_PURCHASED);
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

const spendCapReached = (cap: number, spent: number, credits: number) =>
  new AppError("SPEND_CAP_REACHED", spendCapMessage(cap, spent, credits));

const insufficient = (currentBalance: number, credits: number) =>
  new AppError("INSUFFICIENT_CREDITS", PURCHASE_MESSAGES.INSUFFICIENT_CREDITS, undefined, {
    currentBalance,
    attemptedChange: -credits,
  });

/**
 * One statement: a slot of the lead (sale count < cap, the lead's row lock until commit), and only
 * with it the buyer's full-access entry (inserted, or a stored preview row upgraded; an entry that is
 * already full access is left alone, so parallel clicks of one buyer upgrade once), and only with the
 * upgrade the lead's deliveries to this buyer's enabled endpoints (lead-delivery's rows, the same ones
 * its delivery hook writes: once per lead and endpoint, never for a test lead). Nothing is written
 * without the slot; a later refusal (wallet, spend cap) rolls the deliveries back with the rest, and no
 * statement is left for after COMMIT: the answered ids are only queued as jobs then, when there are any.
 */
async function takeSlot(
  tx: Db,
  ctx: TBuyerContext,
  leadId: string,
  credits: number,
  now: Date,
): Promise<{ slot: boolean; upgraded: boolean; deliveryIds: string[] }> {
  const stamp = now.toISOString();
  const [row] = await queryRows(
    tx,
    rowOf({ slot: col.number, upgraded: col.number, delivery_ids: col.orNull(col.text) }),
    sql`
    with slot as (
      update ${leads}
         set sale_count = sale_count + 1,
             status = case when sale_count + 1 >= sale_cap then 'sold_out' else status end,
             updated_at = ${stamp}::timestamptz
       where id = ${leadId}::uuid and company_id = ${ctx.companyId}::uuid and sale_count < sale_cap
      returning id
    ), upgraded as (
      insert into ${buyerLeads} as bl (company_id, buyer_id, lead_id, is_preview, acquired_via, credits_spent,
                                       unlocked_at, updated_at)
      select ${ctx.companyId}::uuid, ${ctx.buyerId}::uuid, s.id, false, 'credits', ${credits},
             ${stamp}::timestamptz, ${stamp}::timestamptz
        from slot s
      on conflict (buyer_id, lead_id) do update
         set is_preview = false, acquired_via = 'credits', credits_spent = excluded.credits_spent,
             unlocked_at = excluded.unlocked_at, updated_at = excluded.updated_at
       where bl.is_preview
      returning bl.id, bl.lead_id
    ), delivered as (
      insert into ${endpointDeliveries} (company_id, buyer_id, endpoint_id, lead_id, endpoint_name, url)
      select e.company_id, e.buyer_id, e.id, u.lead_id, e.name, e.url
        from upgraded u
        join ${leads} l on l.id = u.lead_id and l.company_id = ${ctx.companyId}::uuid and not l.is_test
        join ${deliveryEndpoints} e on e.buyer_id = ${ctx.buyerId}::uuid and e.company_id = l.company_id
                                   and e.enabled
      on conflict (endpoint_id, lead_id) do nothing
      returning id
    )
    select (select count(*) from slot)::int as slot, (select count(*) from upgraded)::int as upgraded,
           (select string_agg(id::text, ',') from delivered) as delivery_ids`,
  );
  return {
    slot: Number(row?.slot ?? 0) > 0,
    upgraded: Number(row?.upgraded ?? 0) > 0,
    deliveryIds: row?.delivery_ids ? row.delivery_ids.split(",") : [],
  };
}

/** After COMMIT: one job per delivery row; a job not queued is sent by lead-delivery's sweep. */
function queueDeliveries(deps: TPurchaseDeps, ids: string[], leadId: string) {
  return afterCommit(async () => {
    try {
      for (const deliveryId of ids) await deps.jobs.send(LEAD_DELIVERY_JOB, { deliveryId });
    } catch (err) {
      deps.logger.error({ err, leadId }, "lead deliveries not queued");
    }
  });
}

/**
 * purchase-lead-with-credit (PRODUCT §3), slot first. The offer is read without a transaction, so an
 * attempt that is answered at once (no preview, already held, sold out, a wallet short of the price)
 * writes nothing and opens nothing. Otherwise one transaction: one statement takes a slot with a
 * conditional update (sale count < cap) and, only if it got one, turns the preview into full access (a
 * conditional update, so parallel clicks of one buyer upgrade once); a buyer who loses the race for
 * the last slot gets "sold out" from that statement, having written nothing. Only the winner then
 * locks its wallet and debits a `consume` entry (whose balance change is the one live event,
 * credits_changed, published by the buyers trigger on commit). Locks are taken lead first, then
 * buyer, the same order routing uses. A wallet found short under the lock rolls everything back.
 */
export async function purchaseLeadWithCredit(
  deps: TPurchaseDeps,
  ctx: TBuyerContext,
  input: TPurchaseLead,
  now = new Date(),
): Promise<TPurchaseLeadResult> {
  const offer = await loadOffer(deps.database.db, ctx, input.leadId);
  if (!offer || offer.buyerDeletedAt) throw notFound();
  const { entry } = offer;
  if (entry && !entry.isPreview) return alreadyHeld(entry, offer.creditBalance, input.leadId);
  // Early answers from committed state; the conditional update below is what actually guards the cap.
  if (offer.saleCount >= offer.saleCap) throw soldOut();
  const price = offer.costPerLead ?? offer.nichePrice ?? 0;
  const credits = creditsForPrice(Number(price), Number(offer.creditValueUsd));
  if (credits > offer.creditBalance) throw insufficient(offer.creditBalance, credits);
  try {
    return await deps.database.db.transaction(async (tx) => {
      const taken = await takeSlot(tx, ctx, input.leadId, credits, now);
      if (!taken.slot) throw soldOut();
      if (!taken.upgraded) throw new AlreadyUnlocked();

      // The wallet lock serialises this buyer's debits across leads.
      const buyer = await lockBuyer(tx, ctx.companyId, ctx.buyerId);
      if (!buyer || buyer.deletedAt) throw notFound();
      let newBalance = buyer.creditBalance;
      if (credits > 0) {
        // The daily spend cap: checked and counted in one statement, under the wallet lock as well.
        const over = await countSpendWithinCap(tx, {
          companyId: ctx.companyId,
          buyerId: ctx.buyerId,
          credits,
          now,
        });
        if (over) throw spendCapReached(over.cap, over.spent, credits);
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
              PURCHASE_MESSAGES.INSUFFICIENT_CREDITS,
              undefined,
              err.details,
            );
          }
          throw err;
        }
      }
      // The delivery rows were written with the slot; only their jobs wait for COMMIT (none without
      // endpoints, so then nothing runs after it).
      if (taken.deliveryIds.length > 0) await queueDeliveries(deps, taken.deliveryIds, input.leadId);
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
      if (!offer?.entry) throw notFound();
      return alreadyHeld(offer.entry, offer.creditBalance, input.leadId);
    }
    // The key already paid for another lead of this buyer: a client bug, never a second charge.
    if (isUniqueViolation(err, "credit_transactions_idempotency_unique")) {
      throw new AppError("IDEMPOTENCY_KEY_REUSED", PURCHASE_MESSAGES.KEY_REUSED);
    }
    throw err;
  }
}
