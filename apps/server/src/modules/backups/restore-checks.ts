import { CREDIT_BALANCE_MAX } from "@leadpost/shared";
import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import { alias, type PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { col as column, queryRows, rowOf } from "../../db/raw";
import {
  buyers,
  callCenterAgents,
  creditLotAllocations,
  creditTransactions,
  leadRoutingDecisions,
  paymentOrders,
  phoneNumbers,
  routingNumbers,
} from "../../db/schema";
import { fileReferences, refuse } from "./restore-rules";
import { BACKUP_TABLES } from "./tables";

/**
 * The rules of a restore that need more than one row (restore-rules.ts has the per-row half): run by
 * PostgreSQL over the company's rows once the file's are inserted, inside the restore's transaction,
 * so a refusal rolls everything back. Each query stops at the first row that breaks its rule; none
 * brings rows to the server, so a company of millions of rows is checked in constant memory.
 */

const byTable = new Map(BACKUP_TABLES.map((t) => [t.name, t.table] as const));
const col = (table: PgTable, key: string) => getTableColumns(table)[key] as Column;

/** A reference column compared with a parent's id; cast to text where their types differ. */
function sameId(child: Column, parentId: Column): SQL {
  return child.columnType === parentId.columnType
    ? sql`${parentId} = ${child}`
    : sql`${parentId}::text = ${child}::text`;
}

/** An aliased table in a FROM or JOIN (drizzle writes an alias by its name alone). */
const aliased = (table: PgTable, name: string) => sql`${table} as ${sql.identifier(name)}`;

async function any(db: DbOrTx, query: SQL): Promise<boolean> {
  return (await queryRows(db, rowOf({ found: column.boolean }), sql`select exists (${query}) as found`)).some(
    (r) => r.found,
  );
}

/** Every reference between the file's tables (foreign keys and soft ones) names a row of the company. */
async function checkReferences(db: DbOrTx, companyId: string) {
  for (const t of BACKUP_TABLES) {
    for (const [key, target] of fileReferences(t.name)) {
      const parentTable = byTable.get(target);
      if (!parentTable) refuse(`${t.name}.${key}: points at ${target}, never restored`);
      const parent = alias(parentTable!, "parent");
      const ref = col(t.table, key);
      const outside = await any(
        db,
        sql`select 1 from ${t.table} where ${col(t.table, "companyId")} = ${companyId} and ${ref} is not null
              and not exists (select 1 from ${aliased(parentTable!, "parent")} where ${sameId(ref, col(parent, "id"))}
                                and ${col(parent, "companyId")} = ${companyId})`,
      );
      if (outside) refuse(`${t.name}.${key}: points outside the file's ${target}`);
    }
  }
}

/** Rules of rows that name others inside JSON (routing reasons, the numbers a phone number rings). */
async function checkJsonReferences(db: DbOrTx, companyId: string) {
  const buyer = alias(buyers, "named_buyer");
  if (
    await any(
      db,
      sql`select 1 from ${leadRoutingDecisions}
            cross join lateral jsonb_array_elements(${leadRoutingDecisions.reasons}) reason
           where ${leadRoutingDecisions.companyId} = ${companyId}
             and jsonb_typeof(reason -> 'buyerId') = 'string'
             and not exists (select 1 from ${aliased(buyers, "named_buyer")} where ${buyer.id}::text = reason ->> 'buyerId'
                               and ${buyer.companyId} = ${companyId})`,
    )
  )
    refuse("lead_routing_decisions: names a buyer outside the file");
  if (
    await any(
      db,
      sql`select 1 from ${phoneNumbers}
            cross join lateral jsonb_array_elements_text(${phoneNumbers.routeTo}) target
           where ${phoneNumbers.companyId} = ${companyId}
             and not exists (select 1 from ${routingNumbers} where ${routingNumbers.id}::text = target
                               and ${routingNumbers.companyId} = ${companyId})
             and not exists (select 1 from ${callCenterAgents} where ${callCenterAgents.id}::text = target
                               and ${callCenterAgents.companyId} = ${companyId})`,
    )
  )
    refuse("phone_numbers: rings a number outside the file");
}

/** Money: payment orders and their purchase credits agree, allocations draw within their entries. */
async function checkLedger(db: DbOrTx, companyId: string) {
  const entry = alias(creditTransactions, "entry");
  const order = alias(paymentOrders, "paid_order");
  if (
    await any(
      db,
      sql`select 1 from ${paymentOrders} join ${aliased(creditTransactions, "entry")} on ${entry.id} = ${paymentOrders.creditTransactionId}
           where ${paymentOrders.companyId} = ${companyId}
             and (${entry.buyerId} <> ${paymentOrders.buyerId} or ${entry.amount} <> ${paymentOrders.credits}
                  or ${entry.transactionType} <> 'purchase')`,
    )
  )
    refuse("payment_orders: its credit differs from the order");
  if (
    await any(
      db,
      sql`select 1 from ${creditTransactions} join ${aliased(paymentOrders, "paid_order")} on ${order.id} = ${creditTransactions.paymentOrderId}
           where ${creditTransactions.companyId} = ${companyId}
             and (${order.creditTransactionId} is distinct from ${creditTransactions.id}
                  or ${order.buyerId} <> ${creditTransactions.buyerId})`,
    )
  )
    refuse("credit_transactions: not its payment order's credit");
  const lot = alias(creditTransactions, "lot");
  const debit = alias(creditTransactions, "debit");
  const allocations = creditLotAllocations;
  if (
    await any(
      db,
      sql`select 1 from ${allocations}
            join ${aliased(creditTransactions, "lot")} on ${lot.id} = ${allocations.lotTransactionId}
            join ${aliased(creditTransactions, "debit")} on ${debit.id} = ${allocations.debitTransactionId}
           where ${allocations.companyId} = ${companyId}
             and (${lot.amount} < 1 or ${debit.amount} > -1 or ${lot.buyerId} <> ${debit.buyerId})`,
    )
  )
    refuse("credit_lot_allocations: not a debit drawn from a lot of the same buyer");
  for (const [entryKey, limit] of [
    [allocations.lotTransactionId, sql`${lot.amount}`],
    [allocations.debitTransactionId, sql`-${lot.amount}`],
  ] as const) {
    if (
      await any(
        db,
        sql`select 1 from ${allocations} join ${aliased(creditTransactions, "lot")} on ${lot.id} = ${entryKey}
             where ${allocations.companyId} = ${companyId}
             group by ${lot.id}, ${lot.amount} having sum(${allocations.amount}) > ${limit}`,
      )
    )
      refuse("credit_lot_allocations: draws more than the entry holds");
  }
}

/** Each buyer's balance becomes the sum of its restored ledger, refused outside the balance range. */
async function setBalances(db: DbOrTx, companyId: string) {
  const sums = sql`select ${creditTransactions.buyerId} as buyer_id, sum(${creditTransactions.amount}) as total
                     from ${creditTransactions} where ${creditTransactions.companyId} = ${companyId}
                    group by ${creditTransactions.buyerId}`;
  if (await any(db, sql`select 1 from (${sums}) s where s.total < 0 or s.total > ${CREDIT_BALANCE_MAX}`))
    refuse("buyers: ledger sums outside the balance range");
  await db.execute(
    sql`update ${buyers} set credit_balance = s.total from (${sums}) s
         where ${buyers.id} = s.buyer_id and ${buyers.companyId} = ${companyId}`,
  );
}

/** Runs every rule of the restored rows; throws BackupRefused naming the first one broken. */
export async function checkRestoredRows(db: DbOrTx, companyId: string): Promise<void> {
  await checkReferences(db, companyId);
  await checkJsonReferences(db, companyId);
  await checkLedger(db, companyId);
  await setBalances(db, companyId);
}
