import {
  BUYER_MESSAGES,
  buyerDisplayName,
  buyerMovedMessage,
  isCompanyAdminRole,
  type TBuyerList,
  type TBuyerResult,
  type TBuyerTab,
  type TCreateBuyer,
  type TUpdateBuyer,
} from "@leadpost/shared";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { TCompanyActor, TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerInvitations, buyers, companies, niches } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { assertOwnNiche } from "../niches";
import { findSameBuyer } from "./duplicates";
import { rememberAnswer, replayAnswer } from "./idempotency";
import { buyerColumns, locate, selectBuyer, toBuyer } from "./mappers";

type TBuyerDeps = Pick<TDeps, "database">;

function assertAdmin(ctx: TCompanyActor, message: string) {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(message);
}

async function creditValue(db: Db, companyId: string) {
  const [row] = await db
    .select({ creditValueUsd: companies.creditValueUsd })
    .from(companies)
    .where(eq(companies.id, companyId));
  return Number(row?.creditValueUsd ?? 1);
}

const duplicateEmail = () =>
  new AppError("CONFLICT", BUYER_MESSAGES.CREATE_DUPLICATE, {
    email: [BUYER_MESSAGES.CREATE_DUPLICATE],
  });

/** The list behind the four tabs, newest first, optionally for one niche (001 §7), with the tab counts. */
export async function listBuyers(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  query: { status: TBuyerTab; nicheId?: string },
): Promise<TBuyerList> {
  const db = deps.database.db;
  const scope = and(
    eq(buyers.companyId, ctx.companyId),
    isNull(buyers.deletedAt),
    query.nicheId ? eq(buyers.nicheId, query.nicheId) : undefined,
  );
  const [rows, countRows, value] = await Promise.all([
    db
      .select(buyerColumns)
      .from(buyers)
      .leftJoin(niches, eq(niches.id, buyers.nicheId))
      .where(and(scope, query.status === "all" ? undefined : eq(buyers.status, query.status)))
      .orderBy(desc(buyers.createdAt), desc(buyers.id)),
    db.select({ status: buyers.status, n: count() }).from(buyers).where(scope).groupBy(buyers.status),
    creditValue(db, ctx.companyId),
  ]);
  const counts = { active: 0, pending: 0, inactive: 0, all: 0 };
  for (const r of countRows) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return { buyers: rows.map((r) => toBuyer(r, value)), counts, creditValueUsd: value };
}

export async function getBuyer(deps: TBuyerDeps, ctx: TCompanyActor, buyerId: string) {
  const db = deps.database.db;
  const row = await selectBuyer(db, ctx.companyId, buyerId);
  if (!row) throw notFound(BUYER_MESSAGES.NOT_FOUND);
  return toBuyer(row, await creditValue(db, ctx.companyId));
}

/**
 * Add Buyer: one transaction. The company row is locked so two requests cannot both pass the basic
 * tier's one-buyer limit; an Idempotency-Key replays the first answer instead of creating twice.
 */
export async function createBuyer(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  input: TCreateBuyer,
  idempotencyKey?: string,
) {
  assertAdmin(ctx, BUYER_MESSAGES.CREATE_PERMISSION);
  const db = deps.database.db;
  const idem = idempotencyKey
    ? { scope: "buyer-create", key: idempotencyKey, companyId: ctx.companyId }
    : null;
  if (idem) {
    const replay = await replayAnswer(db, idem, input);
    if (replay) return replay as TBuyerResult;
  }
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .select({ tier: companies.subscriptionTier })
        .from(companies)
        .where(eq(companies.id, ctx.companyId))
        .for("update");
      if (!company) throw notFound("No company found. Please refresh and try again.");
      // Checked again under the lock: a concurrent retry waited for the first request and replays it.
      const replay = idem && (await replayAnswer(tx, idem, input));
      if (replay) return replay as TBuyerResult;
      await assertOwnNiche(tx, ctx.companyId, input.nicheId);
      if (await findSameBuyer(tx, ctx.companyId, input.email, input.nicheId)) throw duplicateEmail();
      if (company.tier === "basic") {
        const [row] = await tx
          .select({ n: count() })
          .from(buyers)
          .where(and(eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)));
        if (Number(row?.n ?? 0) >= 1) throw new AppError("TIER_LIMIT", BUYER_MESSAGES.BASIC_LIMIT);
      }
      const aye = input.allYouCanEatEnabled;
      const [inserted] = await tx
        .insert(buyers)
        .values({
          companyId: ctx.companyId,
          contactName: input.contactName,
          companyName: input.companyName ?? input.contactName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          address: input.address,
          zipCode: input.zipCode,
          ...locate(input.zipCode, input.city, input.state),
          serviceRadius: input.serviceRadius,
          serviceType: input.serviceType,
          nicheId: input.nicheId ?? null,
          // Added by the company itself: it receives leads at once; an invitation later gives it an account.
          status: "active",
          source: "manual",
          allYouCanEatEnabled: aye,
          costPerLead: aye ? 0 : (input.costPerLead ?? null),
          prepaidLeadsTotal: input.prepaidLeadsTotal,
          prepaidLeadsRemaining: input.prepaidLeadsRemaining ?? input.prepaidLeadsTotal,
        })
        .returning({ id: buyers.id });
      const row = inserted && (await selectBuyer(tx, ctx.companyId, inserted.id));
      if (!row) throw new Error("buyer insert returned nothing");
      const answer = {
        buyer: toBuyer(row, await creditValue(tx, ctx.companyId)),
        message: BUYER_MESSAGES.CREATED,
      };
      // Stored in the same transaction: a concurrent retry with the key fails here and replays below.
      if (idem) await rememberAnswer(tx, idem, input, 201, answer);
      return answer;
    });
  } catch (err) {
    if (idem && isUniqueViolation(err)) {
      const replay = await replayAnswer(db, idem, input);
      if (replay) return replay as TBuyerResult;
    }
    if (isUniqueViolation(err, "buyers_company_email_niche_unique")) throw duplicateEmail();
    throw err;
  }
}

async function lockBuyer(tx: Db, companyId: string, buyerId: string) {
  const [row] = await tx
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, companyId), isNull(buyers.deletedAt)))
    .for("update");
  if (!row) throw notFound(BUYER_MESSAGES.NOT_FOUND);
  return row;
}

/** Edit Buyer: only the fields sent change; a new zip moves the buyer's location. */
export async function updateBuyer(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  buyerId: string,
  input: TUpdateBuyer,
) {
  assertAdmin(ctx, BUYER_MESSAGES.UPDATE_PERMISSION);
  try {
    await deps.database.db.transaction(async (tx) => {
      const current = await lockBuyer(tx, ctx.companyId, buyerId);
      if (input.nicheId) await assertOwnNiche(tx, ctx.companyId, input.nicheId);
      const total = input.prepaidLeadsTotal ?? current.prepaidLeadsTotal;
      const remaining = input.prepaidLeadsRemaining ?? current.prepaidLeadsRemaining;
      if (remaining > total) {
        throw new AppError("VALIDATION_FAILED", BUYER_MESSAGES.PREPAID_REMAINING, {
          prepaidLeadsRemaining: [BUYER_MESSAGES.PREPAID_REMAINING],
        });
      }
      const { city, state, zipCode, companyName, allYouCanEatEnabled, costPerLead, pausedUntil, ...rest } =
        input;
      const zip = zipCode === undefined ? current.zipCode : zipCode;
      const location =
        zipCode !== undefined || city !== undefined || state !== undefined
          ? locate(zip, city === undefined ? current.city : city, state === undefined ? current.state : state)
          : {};
      const aye = allYouCanEatEnabled ?? current.allYouCanEatEnabled;
      await tx
        .update(buyers)
        .set({
          ...rest,
          ...(zipCode !== undefined ? { zipCode } : {}),
          ...location,
          ...(companyName !== undefined
            ? { companyName: companyName ?? input.contactName ?? current.contactName }
            : {}),
          ...(allYouCanEatEnabled !== undefined ? { allYouCanEatEnabled } : {}),
          ...(pausedUntil !== undefined
            ? { pausedUntil: pausedUntil === null ? null : new Date(pausedUntil) }
            : {}),
          ...(aye ? { costPerLead: 0 } : costPerLead !== undefined ? { costPerLead } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId)));
    });
  } catch (err) {
    if (isUniqueViolation(err, "buyers_company_email_niche_unique")) throw duplicateEmail();
    throw err;
  }
  return { buyer: await getBuyer(deps, ctx, buyerId), message: BUYER_MESSAGES.UPDATED };
}

/** The active/inactive switch (001 §4). */
export async function setBuyerStatus(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  buyerId: string,
  status: "active" | "inactive",
) {
  assertAdmin(ctx, BUYER_MESSAGES.UPDATE_PERMISSION);
  const [row] = await deps.database.db
    .update(buyers)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)))
    .returning({ companyName: buyers.companyName, contactName: buyers.contactName });
  if (!row) throw notFound(BUYER_MESSAGES.NOT_FOUND);
  return {
    buyer: await getBuyer(deps, ctx, buyerId),
    message: buyerMovedMessage(buyerDisplayName(row), status),
  };
}

/**
 * Archive (soft delete): the typed name must match; refused while prepaid leads or credits remain,
 * since archiving would strand what the buyer paid for. Purchases stay linked; open invitations die.
 */
export async function archiveBuyer(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  buyerId: string,
  confirmName: string,
) {
  assertAdmin(ctx, BUYER_MESSAGES.ARCHIVE_PERMISSION);
  await deps.database.db.transaction(async (tx) => {
    const current = await lockBuyer(tx, ctx.companyId, buyerId);
    if (confirmName.trim() !== buyerDisplayName(current).trim()) {
      throw new AppError("NAME_MISMATCH", BUYER_MESSAGES.ARCHIVE_NAME_MISMATCH, {
        confirmName: [BUYER_MESSAGES.ARCHIVE_NAME_MISMATCH],
      });
    }
    if (current.prepaidLeadsRemaining > 0)
      throw new AppError("BUYER_HAS_PREPAID_LEADS", BUYER_MESSAGES.ARCHIVE_PREPAID);
    if (current.creditBalance > 0) throw new AppError("BUYER_HAS_CREDITS", BUYER_MESSAGES.ARCHIVE_CREDITS);
    const now = new Date();
    await tx
      .update(buyers)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId)));
    await tx
      .update(buyerInvitations)
      .set({ status: "revoked" })
      .where(
        and(
          eq(buyerInvitations.buyerId, buyerId),
          eq(buyerInvitations.companyId, ctx.companyId),
          eq(buyerInvitations.status, "pending"),
        ),
      );
  });
  return { success: true as const, message: BUYER_MESSAGES.ARCHIVED };
}
