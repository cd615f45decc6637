import { RETURN_MESSAGES, type TLeadReturn, type TReturnDecision } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { leadReturns, leads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { bookCredit, lockBuyer } from "../credits";
import { findReturn } from "./list";
import { sendReturnDecidedNotice } from "./notices";
import { readReturnSettings } from "./settings";

type TDecideDeps = Pick<TDeps, "database" | "email" | "config">;

/** Who decides: a company user, an API key (no user) or an auto-approve rule (no user, automatic). */
export type TDecider = { companyId: string; userId: string | null; automatic?: boolean };

export const returnNotFound = () => new AppError("NOT_FOUND", RETURN_MESSAGES.NOT_FOUND);

/**
 * Closes a pending return with one conditional update (status = pending): of two decisions at once the
 * second waits for the first's row lock, then finds the return decided and changes nothing. Only the
 * caller that closed it goes on to refund.
 */
async function closePending(
  db: DbOrTx,
  decider: TDecider,
  returnId: string,
  values: { status: "approved" | "rejected"; decisionNote: string | null; resold: boolean },
) {
  const [closed] = await db
    .update(leadReturns)
    .set({
      ...values,
      decidedAt: new Date(),
      decidedBy: decider.userId,
      autoApproved: decider.automatic ?? false,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(leadReturns.id, returnId),
        eq(leadReturns.companyId, decider.companyId),
        eq(leadReturns.status, "pending"),
      ),
    )
    .returning();
  if (closed) return closed;
  const existing = await findReturn(db, decider.companyId, returnId);
  if (!existing) throw returnNotFound();
  throw new AppError("RETURN_ALREADY_DECIDED", RETURN_MESSAGES.alreadyDecided(existing.status));
}

/** Gives the lead's slot back (sale count − 1), so another buyer may buy it; false when none was taken. */
async function freeSlot(db: DbOrTx, companyId: string, leadId: string) {
  const rows = await db
    .update(leads)
    .set({
      saleCount: sql`${leads.saleCount} - 1`,
      status: sql`case when ${leads.status} = 'sold_out' then 'routed' else ${leads.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId), sql`${leads.saleCount} > 0`))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** The buyer's wallet after the decision (for the answer). */
async function walletBalance(db: DbOrTx, companyId: string, buyerId: string) {
  const [row] = await queryRows(
    db,
    rowOf({ credit_balance: col.number }),
    sql`select credit_balance from buyers where id = ${buyerId}::uuid and company_id = ${companyId}::uuid`,
  );
  return Number(row?.credit_balance ?? 0);
}

/**
 * Approves a pending return: the credits the purchase cost come back as a `refund` entry linked to the
 * lead and to the purchase's consume entry (idempotency key per return, a second wall behind the
 * conditional update), and, if chosen, the lead's slot is freed for resale. Locks: the return row,
 * then the lead, then the wallet, the order purchases and routing take lead and wallet in.
 */
export async function approveReturnIn(
  deps: TDecideDeps,
  db: DbOrTx,
  decider: TDecider,
  returnId: string,
  input: { note?: string; resell?: boolean },
  opts: { notify?: boolean } = {},
): Promise<TReturnDecision> {
  const resell = input.resell ?? (await readReturnSettings(db, decider.companyId)).resellOnApprove;
  const closed = await closePending(db, decider, returnId, {
    status: "approved",
    decisionNote: input.note?.trim() || null,
    resold: false,
  });
  if (resell && (await freeSlot(db, decider.companyId, closed.leadId))) {
    await db.update(leadReturns).set({ resold: true }).where(eq(leadReturns.id, closed.id));
  }
  let buyerBalance: number;
  if (closed.credits > 0) {
    const wallet = await lockBuyer(db, decider.companyId, closed.buyerId);
    if (!wallet) throw returnNotFound();
    const booked = await bookCredit(db, wallet, "refund", closed.credits, {
      reason: RETURN_MESSAGES.REFUND_REASON,
      notes: closed.purchaseTransactionId ? `Refund of purchase ${closed.purchaseTransactionId}` : null,
      leadId: closed.leadId,
      idempotencyKey: `return:${closed.id}`,
      createdBy: decider.userId,
    });
    await db
      .update(leadReturns)
      .set({ refundTransactionId: booked.entry.id })
      .where(eq(leadReturns.id, closed.id));
    buyerBalance = booked.newBalance;
  } else {
    buyerBalance = await walletBalance(db, decider.companyId, closed.buyerId);
  }
  const decided = (await findReturn(db, decider.companyId, closed.id)) as TLeadReturn;
  if (opts.notify !== false) await sendReturnDecidedNotice(deps, db, decider.companyId, decided);
  return { return: decided, buyerBalance };
}

/** Approves in a transaction of its own (a savepoint inside a request's). */
export function approveReturn(
  deps: TDecideDeps,
  decider: TDecider,
  returnId: string,
  input: { note?: string; resell?: boolean },
): Promise<TReturnDecision> {
  return deps.database.db.transaction((tx) => approveReturnIn(deps, tx, decider, returnId, input));
}

/** Rejects a pending return: no balance changes; the buyer is told, with the company's note. */
export function rejectReturn(
  deps: TDecideDeps,
  decider: TDecider,
  returnId: string,
  input: { note?: string },
): Promise<TReturnDecision> {
  return deps.database.db.transaction(async (tx) => {
    const closed = await closePending(tx, decider, returnId, {
      status: "rejected",
      decisionNote: input.note?.trim() || null,
      resold: false,
    });
    const decided = (await findReturn(tx, decider.companyId, closed.id)) as TLeadReturn;
    await sendReturnDecidedNotice(deps, tx, decider.companyId, decided);
    return { return: decided, buyerBalance: await walletBalance(tx, decider.companyId, closed.buyerId) };
  });
}
