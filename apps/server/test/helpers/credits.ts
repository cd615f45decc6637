import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { buyers, creditLotAllocations, creditTransactions } from "../../src/db/schema";
import type { TTestContext } from "./test-app";

let counter = 0;

/** An active buyer of the company, inserted directly (the buyers screens are tested elsewhere). */
export async function insertBuyer(
  ctx: TTestContext,
  companyId: string,
  values: Partial<typeof buyers.$inferInsert> = {},
) {
  counter++;
  const [buyer] = await ctx.database.db
    .insert(buyers)
    .values({
      companyId,
      email: `buyer${counter}-${randomUUID().slice(0, 8)}@example.com`,
      contactName: `Buyer ${counter}`,
      status: "active",
      ...values,
    })
    .returning();
  return buyer!;
}

export const newKey = (prefix = "key") => `${prefix}-${randomUUID()}`;

/** Grants credits through the API as a company admin. */
export async function grant(
  ctx: TTestContext,
  cookie: string,
  buyerId: string,
  amount: number,
  extra: { expiresAt?: string; reason?: string } = {},
) {
  const res = await ctx.request("/api/credits/adjust", {
    method: "POST",
    cookie,
    json: {
      buyerId,
      amount,
      reason: extra.reason ?? "Test grant",
      expiresAt: extra.expiresAt,
      idempotencyKey: newKey(),
    },
  });
  if (res.status !== 200) throw new Error(`grant failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { newBalance: number };
}

/**
 * The wallet invariants: cached balance = sum of the ledger = sum of the lots' remainders, never
 * negative, no lot over-drawn, every debit fully allocated.
 */
export async function walletState(db: Db, buyerId: string) {
  const [buyer] = await db
    .select({ balance: buyers.creditBalance })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.buyerId, buyerId));
  const lots = (await db.execute(sql`
    select t.id, t.amount,
           coalesce((select sum(a.amount) from ${creditLotAllocations} a where a.lot_transaction_id = t.id), 0)::int as used
    from ${creditTransactions} t where t.buyer_id = ${buyerId} and t.amount > 0`)) as unknown as {
    rows: { id: string; amount: number; used: number }[];
  };
  const debits = (await db.execute(sql`
    select t.id, t.amount,
           coalesce((select sum(a.amount) from ${creditLotAllocations} a where a.debit_transaction_id = t.id), 0)::int as allocated
    from ${creditTransactions} t where t.buyer_id = ${buyerId} and t.amount < 0`)) as unknown as {
    rows: { id: string; amount: number; allocated: number }[];
  };
  const lotRemainders = lots.rows.reduce((s, l) => s + (Number(l.amount) - Number(l.used)), 0);
  return {
    balance: buyer!.balance,
    ledgerSum: Number(sum!.total),
    lotRemainders,
    overdrawnLots: lots.rows.filter((l) => Number(l.used) > Number(l.amount)).length,
    unallocatedDebits: debits.rows.filter((d) => Number(d.allocated) !== -Number(d.amount)).length,
  };
}

export async function ledgerTypes(db: Db, companyId: string, buyerId: string) {
  const rows = await db
    .select({ type: creditTransactions.transactionType, amount: creditTransactions.amount })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.companyId, companyId), eq(creditTransactions.buyerId, buyerId)))
    .orderBy(creditTransactions.createdAt, creditTransactions.id);
  return rows;
}
