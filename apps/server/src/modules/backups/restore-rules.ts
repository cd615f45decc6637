import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_BALANCE_MAX,
  CREDIT_PACKS,
  PAYMENT_CURRENCY,
  ZCompanySettingsUpdateSchema,
  ZFormFieldsSchema,
  ZUpdateBuyerSchema,
  ZUpdateNicheSchema,
} from "@leadpost/shared";
import { type Column, getTableColumns, getTableName } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { z } from "zod";
import { BACKUP_TABLES, type TBackupTable } from "./tables";

/**
 * The rules every restored row passes, whoever signed the file (defence in depth: a leaked server key
 * must not open the database either). A row is refused unless it has exactly its table's columns with
 * values of their types, belongs to the company, points only at rows of the same file (or, for users,
 * at people the company already has), and passes the API's own schema and money rules where the API
 * writes that table. What a restore never takes from a file: who a buyer's portal user is, a buyer's
 * credit balance (the sum of its ledger), and the company's identity, billing and provider links.
 */

/** Why a file was refused, for the log; the answer is always the spec's "Invalid backup file format". */
export class BackupRefused extends Error {}
const refuse = (why: string): never => {
  throw new BackupRefused(why);
};

type TRow = Record<string, unknown>;

/** The company columns a restore writes (its settings); the rest stays as it is in the database. */
const COMPANY_RESTORED = [
  "name",
  "adminEmail",
  "senderName",
  "creditValueUsd",
  "duplicateWindowDays",
  "mapboxToken",
  "updatedAt",
] as const;

/** References without a foreign key: column → table whose id it holds (the file's rows only). */
const SOFT_REFERENCES: Record<string, Record<string, string>> = {
  form_submissions: { leadId: "leads" },
  leads: { duplicateOfLeadId: "leads" },
  credit_transactions: { paymentOrderId: "payment_orders" },
  payment_orders: { creditTransactionId: "credit_transactions" },
};

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

function columnSchema(column: Column): z.ZodType {
  const enumValues = (column as Column & { enumValues?: string[] }).enumValues;
  let schema: z.ZodType;
  switch (column.columnType) {
    case "PgUUID":
      schema = z.guid();
      break;
    case "PgText":
      schema = enumValues?.length ? z.enum(enumValues as [string, ...string[]]) : z.string();
      break;
    case "PgInteger":
      schema = z.number().int().min(INT_MIN).max(INT_MAX);
      break;
    case "PgNumericNumber":
    case "PgDoublePrecision":
      schema = z.number();
      break;
    case "PgBoolean":
      schema = z.boolean();
      break;
    case "PgTimestamp":
      schema = z.iso.datetime({ offset: true });
      break;
    case "PgJsonb":
      schema = z.unknown();
      break;
    case "PgArray":
      schema = z.array(z.string());
      break;
    default:
      // A new column type must get its rule here before a backup holding it can be restored.
      throw new Error(`backup restore: no rule for column type ${column.columnType}`);
  }
  if (!column.notNull) schema = schema.nullable();
  return column.notNull && !column.hasDefault ? schema : schema.optional();
}

type TTableRules = {
  shape: z.ZodType;
  /** Property → referenced table name, from the table's foreign keys and SOFT_REFERENCES. */
  references: [string, string][];
  dateColumns: string[];
};

function tableRules(t: TBackupTable): TTableRules {
  const columns = getTableColumns(t.table);
  const keyOf = new Map(Object.entries(columns).map(([key, column]) => [column as Column, key]));
  const references: [string, string][] = [];
  for (const fk of getTableConfig(t.table).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1 || ref.foreignColumns[0]?.name !== "id") {
      throw new Error(`backup restore: ${t.name} has a foreign key the rules do not know`);
    }
    references.push([keyOf.get(ref.columns[0]!)!, getTableName(ref.foreignTable)]);
  }
  for (const [key, table] of Object.entries(SOFT_REFERENCES[t.name] ?? {})) references.push([key, table]);
  const shape = z.strictObject(
    Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, columnSchema(c)])),
  );
  return { shape, references, dateColumns: t.dateColumns };
}

const RULES = new Map(BACKUP_TABLES.map((t) => [t.name, tableRules(t)] as const));
const RESTORED = new Set(BACKUP_TABLES.map((t) => t.name));

/** The people a restore may name: the company's members and its buyers' current portal users. */
export type TCompanyPeople = {
  memberIds: ReadonlySet<string>;
  /** Buyer id → the user linked to it in the database now. */
  buyerUsers: ReadonlyMap<string, string>;
};

export type TRestorePlan = {
  company: TRow | null;
  /** The rows to insert per table, in insert order (BACKUP_TABLES), dates as Date objects. */
  tables: { table: TBackupTable; rows: TRow[] }[];
};

const isObject = (v: unknown): v is TRow => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * Checks every row of `tables` for `companyId` and returns what a restore writes; throws BackupRefused
 * naming the first rule broken.
 */
export function planRestore(
  companyId: string,
  tables: Record<string, unknown[]>,
  people: TCompanyPeople,
): TRestorePlan {
  for (const name of Object.keys(tables)) {
    if (name !== "companies" && !RESTORED.has(name)) refuse(`table ${name} is never restored`);
  }
  const company = planCompany(companyId, tables.companies ?? []);

  // Shapes and ownership first, so the reference checks below read well-formed rows.
  const rowsOf = new Map<string, TRow[]>();
  for (const t of BACKUP_TABLES) {
    const rules = RULES.get(t.name)!;
    const rows = (tables[t.name] ?? []).map((raw, i) => {
      const parsed = rules.shape.safeParse(raw);
      if (!parsed.success) refuse(`${t.name}[${i}]: ${parsed.error.issues[0]?.path.join(".")} malformed`);
      const row = parsed.data as TRow;
      if (row.companyId !== companyId) refuse(`${t.name}[${i}]: another company's row`);
      return row;
    });
    rowsOf.set(t.name, rows);
  }
  const ids = new Map<string, Set<string>>();
  for (const [name, rows] of rowsOf) ids.set(name, new Set(rows.map((r) => r.id as string)));

  const ownPeople = new Set([...people.memberIds, ...people.buyerUsers.values()]);
  for (const t of BACKUP_TABLES) {
    const rules = RULES.get(t.name)!;
    for (const [i, row] of rowsOf.get(t.name)!.entries()) {
      for (const [key, target] of rules.references) {
        const value = row[key];
        if (value === null || value === undefined) continue;
        if (target === "companies") {
          if (value !== companyId) refuse(`${t.name}[${i}].${key}: another company`);
        } else if (target === "users") {
          // Who made a row (an attribution): kept only for the company's own people.
          if (t.name === "buyers") continue;
          if (!ownPeople.has(value as string)) row[key] = null;
        } else if (!ids.get(target)?.has(value as string)) {
          refuse(`${t.name}[${i}].${key}: points outside the file's ${target}`);
        }
      }
    }
  }

  checkBusinessRules(rowsOf, ids, people);

  return {
    company,
    tables: BACKUP_TABLES.map((table) => ({
      table,
      rows: rowsOf.get(table.name)!.map((row) => {
        const out = { ...row };
        for (const c of table.dateColumns)
          if (typeof out[c] === "string") out[c] = new Date(out[c] as string);
        return out;
      }),
    })),
  };
}

function planCompany(companyId: string, rows: unknown[]): TRow | null {
  if (rows.length > 1) refuse("more than one company row");
  const row = rows[0];
  if (row === undefined) return null;
  if (!isObject(row) || row.id !== companyId) refuse("another company's company row");
  const values = Object.fromEntries(
    COMPANY_RESTORED.filter((k) => (row as TRow)[k] !== undefined).map((k) => [k, (row as TRow)[k]]),
  );
  const settings = ZCompanySettingsUpdateSchema.safeParse({
    name: values.name,
    creditValueUsd: values.creditValueUsd,
    adminEmail: values.adminEmail,
    mapboxToken: values.mapboxToken,
  });
  if (!settings.success || typeof values.name !== "string") refuse("company settings malformed");
  if (values.senderName !== undefined && values.senderName !== null && typeof values.senderName !== "string")
    refuse("company sender name malformed");
  const days = values.duplicateWindowDays;
  if (days !== undefined && !(Number.isInteger(days) && (days as number) >= 0 && (days as number) <= 3650))
    refuse("company duplicate window malformed");
  if (values.updatedAt !== undefined) {
    if (typeof values.updatedAt !== "string" || Number.isNaN(Date.parse(values.updatedAt)))
      refuse("company updatedAt malformed");
    values.updatedAt = new Date(values.updatedAt as string);
  }
  return values;
}

const BUYER_API_FIELDS = Object.keys(ZUpdateBuyerSchema.shape);
const LOT_TYPES = new Set(["grant", "promo", "purchase", "refund"]);

function checkBusinessRules(
  rowsOf: Map<string, TRow[]>,
  ids: Map<string, Set<string>>,
  people: TCompanyPeople,
) {
  const rows = (name: string) => rowsOf.get(name) ?? [];

  for (const [i, niche] of rows("niches").entries()) {
    if (!ZUpdateNicheSchema.safeParse({ name: niche.name, price: niche.price }).success)
      refuse(`niches[${i}]: fails the niche rules`);
  }
  for (const [i, form] of rows("forms").entries()) {
    if (form.fields !== undefined && !ZFormFieldsSchema.safeParse(form.fields).success)
      refuse(`forms[${i}]: fields fail the form rules`);
  }
  for (const [i, lead] of rows("leads").entries()) {
    const cap = (lead.saleCap as number | undefined) ?? 1;
    const count = (lead.saleCount as number | undefined) ?? 0;
    if (count < 0 || count > cap || cap < 1) refuse(`leads[${i}]: sale count outside its cap`);
  }
  for (const [i, decision] of rows("lead_routing_decisions").entries()) {
    const reasons = decision.reasons;
    if (!Array.isArray(reasons)) refuse(`lead_routing_decisions[${i}]: reasons malformed`);
    for (const reason of reasons as unknown[]) {
      if (!isObject(reason)) refuse(`lead_routing_decisions[${i}]: reason malformed`);
      const buyerId = (reason as TRow).buyerId;
      if (buyerId !== null && buyerId !== undefined && !ids.get("buyers")!.has(buyerId as string))
        refuse(`lead_routing_decisions[${i}]: names a buyer outside the file`);
    }
  }
  const dialable = new Set([...ids.get("routing_numbers")!, ...ids.get("call_center_agents")!]);
  for (const [i, number] of rows("phone_numbers").entries()) {
    const routeTo = number.routeTo ?? [];
    if (!Array.isArray(routeTo) || routeTo.some((id) => !dialable.has(id as string)))
      refuse(`phone_numbers[${i}]: rings a number outside the file`);
  }

  // Money: the ledger as the API writes it, and balances only as its sum.
  const ledger = new Map(rows("credit_transactions").map((t) => [t.id as string, t] as const));
  const orders = new Map(rows("payment_orders").map((o) => [o.id as string, o] as const));
  for (const [i, order] of rows("payment_orders").entries()) {
    const pack = CREDIT_PACKS.find((p) => p.id === order.packId);
    const quantity = order.quantity as number;
    if (!pack || !Number.isInteger(quantity) || quantity < 1 || quantity > 999)
      refuse(`payment_orders[${i}]: no such pack`);
    if (
      order.credits !== pack!.credits * quantity ||
      order.amountCents !== pack!.priceCents * quantity ||
      order.currency !== PAYMENT_CURRENCY
    )
      refuse(`payment_orders[${i}]: credits or price differ from the pack`);
    const entry = order.creditTransactionId ? ledger.get(order.creditTransactionId as string) : undefined;
    if (order.status === "completed" && !entry) refuse(`payment_orders[${i}]: completed without its credit`);
    if (
      entry &&
      (entry.buyerId !== order.buyerId ||
        entry.amount !== order.credits ||
        entry.transactionType !== "purchase")
    )
      refuse(`payment_orders[${i}]: its credit differs from the order`);
  }
  const balances = new Map<string, number>();
  for (const [i, entry] of rows("credit_transactions").entries()) {
    const amount = entry.amount as number;
    const type = entry.transactionType as string;
    if (
      LOT_TYPES.has(type)
        ? amount < 1 || amount > CREDIT_ADJUSTMENT_MAX
        : amount > -1 || amount < -CREDIT_BALANCE_MAX
    )
      refuse(`credit_transactions[${i}]: amount outside the ${type} rules`);
    if (entry.paymentOrderId) {
      const order = orders.get(entry.paymentOrderId as string)!;
      if (type !== "purchase" || order.creditTransactionId !== entry.id || order.buyerId !== entry.buyerId)
        refuse(`credit_transactions[${i}]: not its payment order's credit`);
    }
    const buyerId = entry.buyerId as string;
    balances.set(buyerId, (balances.get(buyerId) ?? 0) + amount);
  }
  const drawn = new Map<string, number>();
  for (const [i, allocation] of rows("credit_lot_allocations").entries()) {
    const lot = ledger.get(allocation.lotTransactionId as string)!;
    const debit = ledger.get(allocation.debitTransactionId as string)!;
    const amount = allocation.amount as number;
    if (
      (lot.amount as number) < 1 ||
      (debit.amount as number) > -1 ||
      lot.buyerId !== debit.buyerId ||
      amount < 1
    )
      refuse(`credit_lot_allocations[${i}]: not a debit drawn from a lot of the same buyer`);
    for (const [key, limit] of [
      [`lot:${lot.id}`, lot.amount as number],
      [`debit:${debit.id}`, -(debit.amount as number)],
    ] as const) {
      const total = (drawn.get(key) ?? 0) + amount;
      if (total > limit) refuse(`credit_lot_allocations[${i}]: draws more than the entry holds`);
      drawn.set(key, total);
    }
  }

  for (const [i, buyer] of rows("buyers").entries()) {
    const fields = Object.fromEntries(BUYER_API_FIELDS.filter((k) => k in buyer).map((k) => [k, buyer[k]]));
    if (!ZUpdateBuyerSchema.safeParse(fields).success) refuse(`buyers[${i}]: fails the buyer rules`);
    const balance = balances.get(buyer.id as string) ?? 0;
    if (balance < 0 || balance > CREDIT_BALANCE_MAX)
      refuse(`buyers[${i}]: ledger sums outside the balance range`);
    buyer.creditBalance = balance;
    // Who the buyer's portal user is belongs to the people, not to the data: kept as it is now.
    buyer.userId = people.buyerUsers.get(buyer.id as string) ?? null;
  }
  for (const buyerId of balances.keys()) {
    if (!ids.get("buyers")!.has(buyerId)) refuse("a ledger entry of a buyer outside the file");
  }
}
