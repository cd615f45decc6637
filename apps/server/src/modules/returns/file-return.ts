import { RETURN_MESSAGES, type TFiledReturn, type TFileReturn, type TLeadReturn } from "@leadpost/shared";
import { and, desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { buyerLeads, buyers, creditTransactions, leadPhoneMarks, leadReturns } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { approveReturnIn } from "./decide";
import { findReturn } from "./list";
import { sendReturnFiledNotices } from "./notices";
import { allowedReason, readReturnSettings } from "./settings";

type TFileDeps = Pick<TDeps, "database" | "email" | "config">;

const DAY_MS = 24 * 60 * 60 * 1000;

const leadNotFound = () => new AppError("NOT_FOUND", RETURN_MESSAGES.LEAD_NOT_FOUND);

/** The buyer's full-access entry for the lead (never another buyer's), with the purchase's consume entry. */
async function purchaseOf(db: DbOrTx, ctx: TBuyerContext, leadId: string) {
  const [entry] = await db
    .select({
      acquiredVia: buyerLeads.acquiredVia,
      creditsSpent: buyerLeads.creditsSpent,
      unlockedAt: buyerLeads.unlockedAt,
    })
    .from(buyerLeads)
    .where(
      and(
        eq(buyerLeads.companyId, ctx.companyId),
        eq(buyerLeads.buyerId, ctx.buyerId),
        eq(buyerLeads.leadId, leadId),
        eq(buyerLeads.isPreview, false),
      ),
    );
  if (!entry) return null;
  const [consume] = await db
    .select({ id: creditTransactions.id, amount: creditTransactions.amount })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.companyId, ctx.companyId),
        eq(creditTransactions.buyerId, ctx.buyerId),
        eq(creditTransactions.leadId, leadId),
        eq(creditTransactions.transactionType, "consume"),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt))
    .limit(1);
  return { ...entry, consume: consume ?? null };
}

async function phoneMarkedInvalid(db: DbOrTx, companyId: string, leadId: string) {
  const [row] = await db
    .select({ leadId: leadPhoneMarks.leadId })
    .from(leadPhoneMarks)
    .where(and(eq(leadPhoneMarks.companyId, companyId), eq(leadPhoneMarks.leadId, leadId)));
  return Boolean(row);
}

async function walletOf(db: DbOrTx, ctx: TBuyerContext) {
  const [row] = await db
    .select({ balance: buyers.creditBalance })
    .from(buyers)
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId)));
  return row?.balance ?? 0;
}

/**
 * A buyer returns a lead it bought with credits, within the company's window and for one of its
 * reasons; once per buyer and lead (a unique index decides a race of two filings). With the company's
 * "phone marked invalid" rule on and the lead so marked, it is approved at once. `notify: false` (the
 * demo seed) stores no e-mail.
 */
export async function fileReturn(
  deps: TFileDeps,
  ctx: TBuyerContext,
  input: TFileReturn,
  opts: { notify?: boolean; now?: Date } = {},
): Promise<TFiledReturn> {
  const now = opts.now ?? new Date();
  return deps.database.db.transaction(async (tx) => {
    const purchase = await purchaseOf(tx, ctx, input.leadId);
    if (!purchase) throw leadNotFound();
    const [already] = await tx
      .select({ id: leadReturns.id })
      .from(leadReturns)
      .where(and(eq(leadReturns.buyerId, ctx.buyerId), eq(leadReturns.leadId, input.leadId)));
    if (already) throw new AppError("ALREADY_RETURNED", RETURN_MESSAGES.ALREADY_RETURNED);
    if (purchase.acquiredVia !== "credits") {
      throw new AppError("NOT_RETURNABLE", RETURN_MESSAGES.NOT_BOUGHT_WITH_CREDITS);
    }
    const settings = await readReturnSettings(tx, ctx.companyId);
    const reason = allowedReason(settings, input.reason);
    if (!reason) {
      const message = RETURN_MESSAGES.reasonNotAllowed(settings.reasons);
      throw new AppError("VALIDATION_FAILED", message, { reason: [message] });
    }
    const boughtAt = purchase.unlockedAt ?? now;
    if (now.getTime() - boughtAt.getTime() > settings.windowDays * DAY_MS) {
      throw new AppError("RETURN_WINDOW_CLOSED", RETURN_MESSAGES.windowPassed(settings.windowDays));
    }
    const credits = purchase.consume ? -purchase.consume.amount : purchase.creditsSpent;
    const [filed] = await tx
      .insert(leadReturns)
      .values({
        companyId: ctx.companyId,
        buyerId: ctx.buyerId,
        leadId: input.leadId,
        purchaseTransactionId: purchase.consume?.id ?? null,
        credits: Math.max(0, credits),
        reason,
        note: input.note?.trim() || null,
        purchasedAt: boughtAt,
      })
      .onConflictDoNothing({ target: [leadReturns.buyerId, leadReturns.leadId] })
      .returning({ id: leadReturns.id });
    if (!filed) throw new AppError("ALREADY_RETURNED", RETURN_MESSAGES.ALREADY_RETURNED);

    let result: TLeadReturn;
    let newBalance: number;
    if (settings.autoApprovePhoneInvalid && (await phoneMarkedInvalid(tx, ctx.companyId, input.leadId))) {
      const decided = await approveReturnIn(
        deps,
        tx,
        { companyId: ctx.companyId, userId: null, automatic: true },
        filed.id,
        {},
        { notify: false },
      );
      result = decided.return;
      newBalance = decided.buyerBalance;
    } else {
      result = (await findReturn(tx, ctx.companyId, filed.id)) as TLeadReturn;
      newBalance = await walletOf(tx, ctx);
    }
    if (opts.notify !== false) await sendReturnFiledNotices(deps, tx, ctx.companyId, result);
    return { return: result, newBalance };
  });
}
