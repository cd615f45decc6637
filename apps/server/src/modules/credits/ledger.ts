import {
  allocateDebit,
  CREDIT_BALANCE_MAX,
  CREDIT_MESSAGES,
  dueExpiries,
  spendableCredits,
  type TCreditLot,
  type TCreditTransactionType,
} from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { checkRows, col, queryRows, queryRowsPrepared, rowOf } from "../../db/raw";
import { buyers, creditLotAllocations, creditTransactions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The credit ledger's only writers. Every function here runs inside the caller's transaction after
 * lockBuyer: the buyer row lock serialises all balance changes of one wallet, so the cached balance,
 * the ledger sum and the lots' remainders always move together.
 */

export type TLockedBuyer = {
  id: string;
  companyId: string;
  email: string;
  creditBalance: number;
  deletedAt: Date | null;
  /**
   * The wallet's open lots as read under the lock (lockBuyer), for the debit that follows; cleared by
   * any write that changes them, so a later debit in the same transaction reads them again.
   */
  lots?: TCreditLot[];
};

export type TEntryFields = {
  reason?: string | null;
  notes?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  leadId?: string | null;
  paymentOrderId?: string | null;
  createdBy?: string | null;
};

type TLotType = "grant" | "promo" | "purchase" | "refund";
type TDebitType = "consume" | "revoke" | "expire";

type TLotRow = { id: string; remaining: number; expires_at: unknown; created_at: unknown };
const lotRow = rowOf<TLotRow>({
  id: col.text,
  remaining: col.number,
  expires_at: col.any,
  created_at: col.any,
});

/** lock_wallet's lots: a json array (its text where the driver does not parse json). */
function lotsOf(value: unknown): TLotRow[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) throw new Error("lock_wallet answered lots that are not a list");
  return checkRows(parsed, lotRow, "a lot from lock_wallet");
}

const toLots = (rows: TLotRow[]): TCreditLot[] =>
  rows
    .map((r) => ({
      id: r.id,
      remaining: Number(r.remaining),
      expiresAt: r.expires_at ? new Date(r.expires_at as string) : null,
      createdAt: new Date(r.created_at as string),
    }))
    .filter((lot) => lot.remaining > 0);

/**
 * Locks the buyer's wallet for the rest of the transaction; null when not this company's buyer. The
 * wallet's open lots come with it in the same round trip (db/functions/lock_wallet.sql), read after
 * the lock was granted. With skipLocked (the expiry job) a wallet locked elsewhere is passed over.
 */
export async function lockBuyer(
  tx: DbOrTx,
  companyId: string,
  buyerId: string,
  opts: { skipLocked?: boolean } = {},
): Promise<TLockedBuyer | null> {
  if (opts.skipLocked) {
    const rows = await tx
      .select({
        id: buyers.id,
        companyId: buyers.companyId,
        email: buyers.email,
        creditBalance: buyers.creditBalance,
        deletedAt: buyers.deletedAt,
      })
      .from(buyers)
      .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, companyId)))
      .for("no key update", { skipLocked: true });
    return rows[0] ?? null;
  }
  const [row] = await queryRowsPrepared(
    tx,
    rowOf({
      id: col.text,
      company_id: col.text,
      email: col.text,
      credit_balance: col.number,
      deleted_at: col.any,
      lots: col.json,
    }),
    sql`select * from lock_wallet(${companyId}::uuid, ${buyerId}::uuid)`,
  );
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    creditBalance: Number(row.credit_balance),
    deletedAt: row.deleted_at ? new Date(row.deleted_at as string) : null,
    lots: toLots(lotsOf(row.lots)),
  };
}

/** The buyer's lots that still hold credits. */
export async function openLots(tx: DbOrTx, buyer: TLockedBuyer): Promise<TCreditLot[]> {
  const rows = await queryRows(
    tx,
    lotRow,
    sql`
    select t.id, t.expires_at, t.created_at,
           (t.amount - coalesce((select sum(a.amount) from ${creditLotAllocations} a
                                 where a.lot_transaction_id = t.id), 0))::int as remaining
    from ${creditTransactions} t
    where t.company_id = ${buyer.companyId} and t.buyer_id = ${buyer.id} and t.amount > 0`,
  );
  return toLots(rows);
}

async function insertEntry(
  tx: DbOrTx,
  buyer: TLockedBuyer,
  type: TCreditTransactionType,
  amount: number,
  fields: TEntryFields & { expiresAt?: Date | null },
) {
  try {
    const [row] = await tx
      .insert(creditTransactions)
      .values({
        companyId: buyer.companyId,
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        amount,
        transactionType: type,
        reason: fields.reason ?? null,
        notes: fields.notes ?? null,
        expiresAt: fields.expiresAt ?? null,
        idempotencyKey: fields.idempotencyKey ?? null,
        requestHash: fields.requestHash ?? null,
        leadId: fields.leadId ?? null,
        paymentOrderId: fields.paymentOrderId ?? null,
        createdBy: fields.createdBy ?? null,
        // Wall-clock time, not the transaction's start: entries booked together keep their order.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    return row!;
  } catch (err) {
    // A unique idempotency key is the caller's business (it replays); anything else is a log failure.
    if (isUniqueViolation(err)) throw err;
    throw new AppError("TRANSACTION_LOG_FAILED", CREDIT_MESSAGES.TRANSACTION_LOG_FAILED);
  }
}

async function moveBalance(tx: DbOrTx, buyer: TLockedBuyer, delta: number): Promise<number> {
  const [row] = await tx
    .update(buyers)
    .set({ creditBalance: sql`${buyers.creditBalance} + ${delta}` })
    .where(
      and(
        eq(buyers.id, buyer.id),
        eq(buyers.companyId, buyer.companyId),
        sql`${buyers.creditBalance} + ${delta} >= 0`,
      ),
    )
    .returning({ creditBalance: buyers.creditBalance });
  // Under the row lock this misses only when the balance cannot cover a debit (lots booked without
  // allocations leave the lots looking fuller than the balance): refuse as short, never go below 0.
  if (!row && delta < 0) throw new InsufficientCreditsError(buyer.creditBalance, delta);
  if (!row) throw new AppError("UPDATE_FAILED", CREDIT_MESSAGES.UPDATE_FAILED);
  buyer.creditBalance = row.creditBalance;
  // No notify here: the buyers trigger (migration 0005) publishes credits_changed on commit for every
  // balance change, whichever code path made it; a second notify would reach listeners twice.
  return row.creditBalance;
}

/** Adds a lot (grant, promo, paid pack, refund). */
export async function bookCredit(
  tx: DbOrTx,
  buyer: TLockedBuyer,
  type: TLotType,
  amount: number,
  fields: TEntryFields & { expiresAt?: Date | null } = {},
) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("a credit must be a positive integer");
  // Checked under the wallet lock, before anything is written: the balance never leaves its column's range.
  if (buyer.creditBalance + amount > CREDIT_BALANCE_MAX) {
    throw new AppError("BALANCE_LIMIT", CREDIT_MESSAGES.BALANCE_LIMIT, {
      amount: [CREDIT_MESSAGES.BALANCE_LIMIT],
    });
  }
  buyer.lots = undefined;
  const entry = await insertEntry(tx, buyer, type, amount, fields);
  const newBalance = await moveBalance(tx, buyer, amount);
  return { entry, newBalance };
}

export class InsufficientCreditsError extends AppError {
  constructor(currentBalance: number, attemptedChange: number) {
    super("INSUFFICIENT_CREDITS", CREDIT_MESSAGES.INSUFFICIENT_CREDITS, undefined, {
      currentBalance,
      attemptedChange,
    });
  }
}

/** A Postgres array literal of uuids or integers (values checked, so the statement text stays fixed). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(",")}}`;

/**
 * One statement: the debit's ledger entry, its allocations to the lots and the balance change. The
 * balance moves only while it stays ≥ 0; otherwise nothing of it may stand (the caller's transaction
 * rolls back on the error thrown here), and the balance is never below 0.
 */
async function bookAllocatedDebit(
  tx: DbOrTx,
  buyer: TLockedBuyer,
  type: TDebitType,
  allocations: { lotId: string; amount: number }[],
  fields: TEntryFields,
): Promise<{ entry: { id: string }; newBalance: number }> {
  const amount = allocations.reduce((sum, a) => sum + a.amount, 0);
  for (const a of allocations) {
    if (!UUID.test(a.lotId) || !Number.isInteger(a.amount) || a.amount <= 0) {
      throw new Error("an allocation needs a lot id and a positive integer");
    }
  }
  buyer.lots = undefined;
  let row: { id: string; credit_balance: number | null } | undefined;
  try {
    [row] = await queryRowsPrepared(
      tx,
      rowOf({ id: col.text, credit_balance: col.orNull(col.number) }),
      sql`
      with entry as (
        insert into ${creditTransactions}
          (company_id, buyer_id, buyer_email, amount, transaction_type, reason, notes, idempotency_key,
           request_hash, lead_id, payment_order_id, created_by, created_at)
        values (${buyer.companyId}::uuid, ${buyer.id}::uuid, ${buyer.email}, ${-amount}::int, ${type},
                ${fields.reason ?? null}, ${fields.notes ?? null}, ${fields.idempotencyKey ?? null},
                ${fields.requestHash ?? null}, ${fields.leadId ?? null}::uuid,
                ${fields.paymentOrderId ?? null}::uuid, ${fields.createdBy ?? null},
                clock_timestamp())
        returning id
      ), allocated as (
        insert into ${creditLotAllocations} (company_id, lot_transaction_id, debit_transaction_id, amount)
        select ${buyer.companyId}::uuid, a.lot, entry.id, a.amount
          from entry, unnest(${arrayLiteral(allocations.map((a) => a.lotId))}::uuid[],
                             ${arrayLiteral(allocations.map((a) => a.amount))}::int[]) as a(lot, amount)
      ), balance as (
        update ${buyers}
           set credit_balance = credit_balance - ${amount}::int, updated_at = ${new Date().toISOString()}::timestamptz
         where id = ${buyer.id}::uuid and company_id = ${buyer.companyId}::uuid
           and credit_balance - ${amount}::int >= 0
        returning credit_balance
      )
      select (select id from entry) as id, (select credit_balance from balance) as credit_balance`,
    );
  } catch (err) {
    // A unique idempotency key is the caller's business (it replays); anything else is a log failure.
    if (isUniqueViolation(err)) throw err;
    throw new AppError("TRANSACTION_LOG_FAILED", CREDIT_MESSAGES.TRANSACTION_LOG_FAILED);
  }
  // Under the row lock this misses only when the balance cannot cover the debit (lots booked without
  // allocations leave the lots looking fuller than the balance): refuse as short, never go below 0.
  if (!row || row.credit_balance === null) throw new InsufficientCreditsError(buyer.creditBalance, -amount);
  buyer.creditBalance = Number(row.credit_balance);
  // No notify here: the buyers trigger (migration 0005) publishes credits_changed on commit.
  return { entry: { id: row.id }, newBalance: buyer.creditBalance };
}

/** Books an `expire` entry for every lot past its expiry; returns the credits removed. */
export async function expireDueLots(
  tx: DbOrTx,
  buyer: TLockedBuyer,
  now: Date,
  lots?: TCreditLot[],
): Promise<number> {
  let expired = 0;
  for (const lot of dueExpiries(lots ?? (await openLots(tx, buyer)), now)) {
    await bookAllocatedDebit(tx, buyer, "expire", [{ lotId: lot.id, amount: lot.remaining }], {
      reason: CREDIT_MESSAGES.EXPIRED_REASON,
      notes: `Expired on ${lot.expiresAt!.toISOString()}`,
    });
    expired += lot.remaining;
    lot.remaining = 0;
  }
  return expired;
}

/**
 * Removes credits (consume, revoke), soonest-expiring lots first, after booking any due expiries so
 * an expired lot is never spent. Throws INSUFFICIENT_CREDITS when the lots do not cover it.
 */
export async function bookDebit(
  tx: DbOrTx,
  buyer: TLockedBuyer,
  type: "consume" | "revoke",
  amount: number,
  now: Date,
  fields: TEntryFields = {},
) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("a debit must be a positive integer");
  // One read of the lots: expiring the due ones empties them in place, so the rest can be allocated.
  const lots = buyer.lots ?? (await openLots(tx, buyer));
  await expireDueLots(tx, buyer, now, lots);
  const allocations = allocateDebit(lots, amount, now);
  if (!allocations) {
    throw new InsufficientCreditsError(Math.min(buyer.creditBalance, spendableCredits(lots, now)), -amount);
  }
  return bookAllocatedDebit(tx, buyer, type, allocations, fields);
}
