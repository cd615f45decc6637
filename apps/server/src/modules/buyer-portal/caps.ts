import {
  BUYER_CAP_MESSAGES,
  currentCounts,
  isDeliveryHours,
  pausedAt,
  type TBuyerCapUsage,
  type TBuyerPause,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { readCounters } from "../lead-distribution";

type TPortalDeps = Pick<TDeps, "database">;

/**
 * The buyer's caps and schedule as the company set them, today's (this week's, this month's) counts
 * in its own day, and its pause (docs/buyer-portal.md "Caps and pause").
 */
export async function getCapUsage(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  now = new Date(),
): Promise<TBuyerCapUsage> {
  const db = deps.database.db;
  const [b] = await db
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId)));
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
export async function pauseLeads(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  input: TBuyerPause,
  now = new Date(),
) {
  const until = input.until === null ? null : new Date(input.until);
  if (until && until.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION_FAILED", BUYER_CAP_MESSAGES.PAUSED_UNTIL, {
      until: [BUYER_CAP_MESSAGES.PAUSED_UNTIL],
    });
  }
  await deps.database.db
    .update(buyers)
    .set({ isPaused: until === null, pausedUntil: until, updatedAt: now })
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId)));
  return { message: BUYER_CAP_MESSAGES.PAUSED_MESSAGE, usage: await getCapUsage(deps, ctx, now) };
}

/** Resume: clears both the indefinite pause and a pause's end. */
export async function resumeLeads(deps: TPortalDeps, ctx: TBuyerContext, now = new Date()) {
  await deps.database.db
    .update(buyers)
    .set({ isPaused: false, pausedUntil: null, updatedAt: now })
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId)));
  return { message: BUYER_CAP_MESSAGES.RESUMED_MESSAGE, usage: await getCapUsage(deps, ctx, now) };
}
