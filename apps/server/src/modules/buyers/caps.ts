import {
  BUYER_CAP_MESSAGES,
  currentCounts,
  isDeliveryHours,
  pausedAt,
  type TBuyerCapUsage,
  type TBuyerPause,
} from "@leadpost/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { TBuyerContext, TDeps } from "../../app-types";
import { buyers } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { readCounters } from "../lead-distribution";

/** The buyer, of its company, not archived (a pause of another company's buyer changes nothing). */
const ownBuyer = (ctx: TCapOwner) =>
  and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt));

type TCapDeps = Pick<TDeps, "database">;
/** The buyer whose caps are read or paused: the portal's own buyer, or a company's buyer (Lead API). */
export type TCapOwner = Pick<TBuyerContext, "buyerId" | "companyId">;

/**
 * The buyer's caps and schedule as the company set them, today's (this week's, this month's) counts
 * in its own day, and its pause (docs/buyer-portal.md "Caps and pause"; docs/lead-api.md for keys).
 */
export async function getCapUsage(deps: TCapDeps, ctx: TCapOwner, now = new Date()): Promise<TBuyerCapUsage> {
  const db = deps.database.db;
  const [b] = await db.select().from(buyers).where(ownBuyer(ctx));
  if (!b) throw notFound("Buyer not found");
  const counts = (await readCounters(db, ctx.companyId, [b.id])).get(b.id) ?? null;
  const k = currentCounts(counts, now, b.timeZone);
  return {
    dailyCap: b.dailyCap,
    weeklyCap: b.weeklyCap,
    monthlyCap: b.monthlyCap,
    spendCapCredits: b.spendCapCredits,
    timeZone: b.timeZone,
    deliveryHours: isDeliveryHours(b.deliveryHours) ? b.deliveryHours : null,
    isPaused: b.isPaused,
    pausedUntil: b.pausedUntil?.toISOString() ?? null,
    today: { leads: k.dayLeads, spentCredits: k.spentCredits },
    week: { leads: k.weekLeads },
    month: { leads: k.monthLeads },
    pausedNow: b.isPaused || pausedAt(b.pausedUntil, now),
  };
}

/** "Pause leads until…": until a moment ahead, or indefinitely (`until` null). */
export async function pauseLeads(deps: TCapDeps, ctx: TCapOwner, input: TBuyerPause, now = new Date()) {
  const until = input.until === null ? null : new Date(input.until);
  if (until && until.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION_FAILED", BUYER_CAP_MESSAGES.PAUSED_UNTIL, {
      until: [BUYER_CAP_MESSAGES.PAUSED_UNTIL],
    });
  }
  await deps.database.db
    .update(buyers)
    .set({ isPaused: until === null, pausedUntil: until, updatedAt: now })
    .where(ownBuyer(ctx));
  return { message: BUYER_CAP_MESSAGES.PAUSED_MESSAGE, usage: await getCapUsage(deps, ctx, now) };
}

/** Resume: clears both the indefinite pause and a pause's end. */
export async function resumeLeads(deps: TCapDeps, ctx: TCapOwner, now = new Date()) {
  await deps.database.db
    .update(buyers)
    .set({ isPaused: false, pausedUntil: null, updatedAt: now })
    .where(ownBuyer(ctx));
  return { message: BUYER_CAP_MESSAGES.RESUMED_MESSAGE, usage: await getCapUsage(deps, ctx, now) };
}
