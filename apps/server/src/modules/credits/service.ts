import {
  CREDIT_CSV_COLUMNS,
  CREDIT_LEDGER_LIMIT,
  CREDIT_MESSAGES,
  formatExportDateTime,
  isCompanyAdminRole,
  type TCreditAdjustment,
  type TCreditAdjustmentResult,
  type TCreditBuyers,
  type TCreditLedger,
  type TCreditLedgerEntry,
} from "@leadpost/shared";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, creditTransactions, userRoles } from "../../db/schema";
import { lookPastTenant } from "../../db/tenant-scope";
import { AppError } from "../../lib/app-error";
import { toCsv } from "../../lib/csv";
import { isUniqueViolation } from "../../lib/db-errors";
import { idempotencyKeyReused, requestHash } from "../../lib/request-hash";
import type { TCompanyContext } from "../../plugins/tenant";
import { readCompanyPreferences } from "../settings";
import { bookCredit, bookDebit, lockBuyer } from "./ledger";

type TCreditDeps = Pick<TDeps, "database">;

const invalid = (
  code: "INVALID_AMOUNT" | "INVALID_REASON" | "INVALID_EXPIRY_DATE",
  message: string,
  field: string,
) => new AppError(code, message, { [field]: [message] });

function requireAdmin(ctx: TCompanyContext) {
  if (!isCompanyAdminRole(ctx.role)) throw new AppError("FORBIDDEN", CREDIT_MESSAGES.FORBIDDEN);
}

/**
 * A buyer outside the acting company: BUYER_NOT_IN_ORG only when the caller also belongs to the
 * buyer's company (they picked the wrong workspace); otherwise nothing reveals the id exists.
 */
async function missingBuyerError(db: Db, ctx: TCompanyContext, buyerId: string) {
  // Past the wall on purpose: the buyer is in another company, and the answer depends on whether the
  // caller belongs to that one too. Only the caller's own roles decide; nothing of the row is returned.
  const [row] = await lookPastTenant(() =>
    db
      .select({ companyId: buyers.companyId })
      .from(buyers)
      .innerJoin(userRoles, and(eq(userRoles.companyId, buyers.companyId), eq(userRoles.userId, ctx.userId)))
      .where(and(eq(buyers.id, buyerId), isNull(buyers.deletedAt)))
      .limit(1),
  );
  return row
    ? new AppError("BUYER_NOT_IN_ORG", CREDIT_MESSAGES.BUYER_NOT_IN_ORG)
    : new AppError("BUYER_NOT_FOUND", CREDIT_MESSAGES.BUYER_NOT_FOUND);
}

const adjustmentHash = (input: TCreditAdjustment) => requestHash({ operation: "credits.adjust", ...input });

async function replay(
  db: Db,
  ctx: TCompanyContext,
  key: string,
  input: TCreditAdjustment,
  requestId: string,
): Promise<TCreditAdjustmentResult | null> {
  const [prior] = await db
    .select({
      id: creditTransactions.id,
      buyerId: creditTransactions.buyerId,
      amount: creditTransactions.amount,
      requestHash: creditTransactions.requestHash,
    })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.companyId, ctx.companyId), eq(creditTransactions.idempotencyKey, key)))
    .limit(1);
  if (!prior) return null;
  // The whole request must match (buyer, amount, reason, note, expiry), not just what was booked.
  const same = prior.requestHash
    ? prior.requestHash === adjustmentHash(input)
    : prior.buyerId === input.buyerId && prior.amount === input.amount;
  if (!same) throw idempotencyKeyReused();
  const [buyer] = await db
    .select({ creditBalance: buyers.creditBalance })
    .from(buyers)
    .where(and(eq(buyers.id, prior.buyerId), eq(buyers.companyId, ctx.companyId)));
  return {
    success: true,
    newBalance: buyer?.creditBalance ?? 0,
    idempotent: true,
    transactionId: prior.id,
    requestId,
  };
}

/** Grant (amount > 0) or revoke (amount < 0) credits; one transaction, replay-safe by key. */
export async function adjustCredits(
  deps: TCreditDeps,
  ctx: TCompanyContext,
  input: TCreditAdjustment,
  requestId: string,
  now = new Date(),
): Promise<TCreditAdjustmentResult> {
  requireAdmin(ctx);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && (input.amount < 0 || expiresAt <= now)) {
    throw invalid("INVALID_EXPIRY_DATE", CREDIT_MESSAGES.INVALID_EXPIRY_DATE, "expiresAt");
  }
  const db = deps.database.db;
  const key = `adjust:${input.idempotencyKey}`;
  try {
    return await db.transaction(async (tx) => {
      const buyer = await lockBuyer(tx, ctx.companyId, input.buyerId);
      if (!buyer || buyer.deletedAt) throw await missingBuyerError(tx, ctx, input.buyerId);
      // Under the wallet lock, a retry of the same key sees the first one's committed entry.
      const prior = await replay(tx, ctx, key, input, requestId);
      if (prior) return prior;
      const fields = {
        reason: input.reason,
        notes: input.note || null,
        idempotencyKey: key,
        requestHash: adjustmentHash(input),
        createdBy: ctx.userId,
      };
      const booked =
        input.amount > 0
          ? await bookCredit(tx, buyer, "grant", input.amount, { ...fields, expiresAt })
          : await bookDebit(tx, buyer, "revoke", -input.amount, now, fields);
      return {
        success: true as const,
        newBalance: booked.newBalance,
        idempotent: false,
        transactionId: booked.entry.id,
        requestId,
      };
    });
  } catch (err) {
    // The same key used at the same moment for another buyer's wallet: the unique index caught it.
    if (isUniqueViolation(err, "credit_transactions_idempotency_unique")) {
      const prior = await replay(db, ctx, key, input, requestId);
      if (prior) return prior;
    }
    throw err;
  }
}

type TLedgerRow = {
  entry: typeof creditTransactions.$inferSelect;
  buyerName: string | null;
};

function toLedgerEntry({ entry, buyerName }: TLedgerRow): TCreditLedgerEntry {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    buyerId: entry.buyerId,
    buyerEmail: entry.buyerEmail,
    buyerName,
    amount: entry.amount,
    type: entry.transactionType,
    reason: entry.reason,
    notes: entry.notes,
    expiresAt: entry.expiresAt?.toISOString() ?? null,
    isRevoked: entry.isRevoked,
    leadId: entry.leadId,
  };
}

function ledgerQuery(db: Db, ctx: TCompanyContext, buyerIds?: string[]) {
  return db
    .select({ entry: creditTransactions, buyerName: buyers.contactName })
    .from(creditTransactions)
    .leftJoin(
      buyers,
      and(eq(buyers.id, creditTransactions.buyerId), eq(buyers.companyId, creditTransactions.companyId)),
    )
    .where(
      and(
        eq(creditTransactions.companyId, ctx.companyId),
        buyerIds ? inArray(creditTransactions.buyerId, buyerIds) : undefined,
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id));
}

/** The company's latest ledger entries (or one buyer's), newest first. */
export async function listLedger(
  deps: TCreditDeps,
  ctx: TCompanyContext,
  query: { buyerId?: string },
): Promise<TCreditLedger> {
  requireAdmin(ctx);
  const rows = await ledgerQuery(deps.database.db, ctx, query.buyerId ? [query.buyerId] : undefined).limit(
    CREDIT_LEDGER_LIMIT,
  );
  return { entries: rows.map(toLedgerEntry) };
}

/**
 * Every ledger entry of the company as CSV, with the columns of 002 §9; times in the company's zone and
 * its country's format (docs/preferences.md).
 */
export async function exportLedgerCsv(deps: TCreditDeps, ctx: TCompanyContext): Promise<string> {
  requireAdmin(ctx);
  const [rows, prefs] = await Promise.all([
    ledgerQuery(deps.database.db, ctx),
    readCompanyPreferences(deps.database.db, ctx.companyId),
  ]);
  const when = (at: Date | null) => formatExportDateTime(at, prefs);
  return toCsv(
    CREDIT_CSV_COLUMNS,
    rows.map(({ entry }) => [
      when(entry.createdAt),
      entry.buyerEmail ?? "",
      entry.amount,
      entry.transactionType,
      entry.reason ?? "",
      entry.notes ?? "",
      when(entry.expiresAt),
    ]),
  );
}

/** Buyers the grant form can choose, with their balances. */
export async function listCreditBuyers(deps: TCreditDeps, ctx: TCompanyContext): Promise<TCreditBuyers> {
  requireAdmin(ctx);
  const rows = await deps.database.db
    .select({
      id: buyers.id,
      contactName: buyers.contactName,
      companyName: buyers.companyName,
      email: buyers.email,
      status: buyers.status,
      creditBalance: buyers.creditBalance,
    })
    .from(buyers)
    .where(and(eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)))
    .orderBy(asc(buyers.contactName), asc(buyers.id));
  return { buyers: rows };
}
