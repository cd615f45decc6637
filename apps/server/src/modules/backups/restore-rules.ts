import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_BALANCE_MAX,
  CREDIT_PACKS,
  PAYMENT_CURRENCY,
  ZBuyerBidInputSchema,
  ZCompanySettingsUpdateSchema,
  ZDistributionMethodSchema,
  ZFormDistributionBuyerInputSchema,
  ZFormFieldsSchema,
  ZUpdateBuyerDistributionSchema,
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
 *
 * A file is read one row at a time (a company may have millions), so the rules come in two halves:
 * what one row shows is checked here as it passes (checkRow); what needs other rows (references,
 * ledger sums) is checked by SQL over the rows restored so far, inside the restore's transaction,
 * before it commits (restore-checks.ts).
 */

/** Why a file was refused, for the log; the answer is always the spec's "Invalid backup file format". */
export class BackupRefused extends Error {}
export const refuse = (why: string): never => {
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

const isObject = (v: unknown): v is TRow => !!v && typeof v === "object" && !Array.isArray(v);

/** The references of a table that point at other tables of the file (checked by SQL once restored). */
export const fileReferences = (table: string): [string, string][] =>
  (RULES.get(table)?.references ?? []).filter(([, target]) => target !== "companies" && target !== "users");

export type TRowChecker = {
  /** The row as it is inserted (dates as Date objects), or BackupRefused. `i`: its place, for the log. */
  row(table: string, raw: unknown, i: number): TRow;
  /** The company's own row: the settings a restore writes, or BackupRefused. Only one per file. */
  company(raw: unknown): TRow;
};

/** Checks each row of a file for `companyId` on its own (shape, ownership, the API's per-row rules). */
export function createRowChecker(companyId: string, people: TCompanyPeople): TRowChecker {
  const ownPeople = new Set([...people.memberIds, ...people.buyerUsers.values()]);
  let companySeen = false;
  return {
    company(raw) {
      if (companySeen) refuse("more than one company row");
      companySeen = true;
      return planCompany(companyId, raw);
    },
    row(table, raw, i) {
      if (!RESTORED.has(table)) refuse(`table ${table} is never restored`);
      const rules = RULES.get(table)!;
      const parsed = rules.shape.safeParse(raw);
      if (!parsed.success) refuse(`${table}[${i}]: ${parsed.error.issues[0]?.path.join(".")} malformed`);
      const row = parsed.data as TRow;
      if (row.companyId !== companyId) refuse(`${table}[${i}]: another company's row`);
      for (const [key, target] of rules.references) {
        const value = row[key];
        if (value === null || value === undefined) continue;
        if (target === "companies") {
          if (value !== companyId) refuse(`${table}[${i}].${key}: another company`);
        } else if (target === "users" && table !== "buyers") {
          // Who made a row (an attribution): kept only for the company's own people.
          if (!ownPeople.has(value as string)) row[key] = null;
        }
      }
      ROW_RULES[table]?.(row, `${table}[${i}]`, people);
      for (const c of rules.dateColumns) if (typeof row[c] === "string") row[c] = new Date(row[c] as string);
      return row;
    },
  };
}

function planCompany(companyId: string, row: unknown): TRow {
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

/** The API's rules that one row shows on its own, per table (the rest: restore-checks.ts). */
const ROW_RULES: Record<string, (row: TRow, at: string, people: TCompanyPeople) => void> = {
  niches(niche, at) {
    if (!ZUpdateNicheSchema.safeParse({ name: niche.name, price: niche.price }).success)
      refuse(`${at}: fails the niche rules`);
  },
  forms(form, at) {
    if (form.fields !== undefined && !ZFormFieldsSchema.safeParse(form.fields).success)
      refuse(`${at}: fields fail the form rules`);
    if (
      form.distributionMethod !== undefined &&
      !ZDistributionMethodSchema.safeParse(form.distributionMethod).success
    )
      refuse(`${at}: distribution method fails the form rules`);
  },
  form_distribution_buyers(entry, at) {
    const { buyerId, weight } = entry;
    if (!ZFormDistributionBuyerInputSchema.safeParse({ buyerId, weight }).success)
      refuse(`${at}: fails the distribution rules`);
  },
  buyer_bids(bid, at) {
    if (!ZBuyerBidInputSchema.safeParse({ nicheId: bid.nicheId, credits: bid.credits }).success)
      refuse(`${at}: fails the bid rules`);
  },
  leads(lead, at) {
    const cap = (lead.saleCap as number | undefined) ?? 1;
    const count = (lead.saleCount as number | undefined) ?? 0;
    if (count < 0 || count > cap || cap < 1) refuse(`${at}: sale count outside its cap`);
  },
  lead_routing_decisions(decision, at) {
    const reasons = decision.reasons;
    if (reasons === undefined) return;
    if (!Array.isArray(reasons)) refuse(`${at}: reasons malformed`);
    for (const reason of reasons as unknown[]) {
      if (!isObject(reason)) refuse(`${at}: reason malformed`);
      const buyerId = (reason as TRow).buyerId;
      if (buyerId !== null && buyerId !== undefined && typeof buyerId !== "string")
        refuse(`${at}: names a buyer outside the file`);
    }
  },
  phone_numbers(number, at) {
    const routeTo = number.routeTo ?? [];
    if (!Array.isArray(routeTo) || routeTo.some((id) => typeof id !== "string"))
      refuse(`${at}: rings a number outside the file`);
  },
  payment_orders(order, at) {
    const pack = CREDIT_PACKS.find((p) => p.id === order.packId);
    const quantity = order.quantity as number;
    if (!pack || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) refuse(`${at}: no such pack`);
    if (
      order.credits !== pack!.credits * quantity ||
      order.amountCents !== pack!.priceCents * quantity ||
      order.currency !== PAYMENT_CURRENCY
    )
      refuse(`${at}: credits or price differ from the pack`);
    if (order.status === "completed" && !order.creditTransactionId)
      refuse(`${at}: completed without its credit`);
  },
  credit_transactions(entry, at) {
    const amount = entry.amount as number;
    const type = entry.transactionType as string;
    if (
      LOT_TYPES.has(type)
        ? amount < 1 || amount > CREDIT_ADJUSTMENT_MAX
        : amount > -1 || amount < -CREDIT_BALANCE_MAX
    )
      refuse(`${at}: amount outside the ${type} rules`);
    if (entry.paymentOrderId && type !== "purchase") refuse(`${at}: not its payment order's credit`);
  },
  credit_lot_allocations(allocation, at) {
    if ((allocation.amount as number) < 1) refuse(`${at}: not a debit drawn from a lot of the same buyer`);
  },
  buyers(buyer, at, people) {
    const fields = Object.fromEntries(BUYER_API_FIELDS.filter((k) => k in buyer).map((k) => [k, buyer[k]]));
    if (!ZUpdateBuyerSchema.safeParse(fields).success) refuse(`${at}: fails the buyer rules`);
    if (
      buyer.leadFilters !== undefined &&
      !ZUpdateBuyerDistributionSchema.safeParse({ leadFilters: buyer.leadFilters }).success
    )
      refuse(`${at}: lead filters fail the buyer rules`);
    // The balance is the sum of the ledger, set once the ledger is restored (restore-checks.ts).
    buyer.creditBalance = 0;
    // Who the buyer's portal user is belongs to the people, not to the data: kept as it is now.
    buyer.userId = people.buyerUsers.get(buyer.id as string) ?? null;
  },
};
