import { randomUUID } from "node:crypto";
import { TIER_SEATS } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, subscriptionPlans, subscriptions } from "../../db/schema";

type TSubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The subscription row of a PayPal subscription id, locked until the caller's transaction ends, so the
 * return page and the webhook apply one change after the other, never both. companyId narrows it to
 * one company (the signed-in one); the webhook, which has no session, passes none.
 */
export async function lockSubscription(
  tx: DbOrTx,
  providerSubscriptionId: string,
  companyId?: string,
  provider: TSubscriptionRow["provider"] = "paypal",
): Promise<TSubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        companyId ? eq(subscriptions.companyId, companyId) : undefined,
      ),
    )
    .for("update");
  return row ?? null;
}

/**
 * PayPal says the subscription is ACTIVE: the company gets its tier, the tier's seats, the subscription
 * id, status "active" and a timestamp. Exactly once: a row already ACTIVE changes nothing.
 */
export async function activateSubscription(tx: DbOrTx, row: TSubscriptionRow): Promise<boolean> {
  if (row.status === "ACTIVE") return false;
  // One plan at a time: a tier set by hand ends when the company subscribes (and the other way round).
  await tx
    .update(subscriptions)
    .set({ status: "REPLACED", updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.companyId, row.companyId),
        eq(subscriptions.status, "ACTIVE"),
        eq(subscriptions.provider, "manual"),
      ),
    );
  await tx
    .update(subscriptions)
    .set({ status: "ACTIVE", updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  await tx
    .update(companies)
    .set({
      subscriptionTier: row.tier,
      seats: TIER_SEATS[row.tier],
      subscriptionId: row.providerSubscriptionId,
      subscriptionStatus: "active",
      subscriptionUpdatedAt: sql`now()`,
    })
    .where(eq(companies.id, row.companyId));
  return true;
}

/** The platform tier a PayPal plan id sells, or null for a plan that is not one of ours. */
export async function tierOfPlan(tx: DbOrTx, providerPlanId: string | undefined) {
  if (!providerPlanId) return null;
  const [plan] = await tx
    .select({ tier: subscriptionPlans.tier })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.providerPlanId, providerPlanId));
  return plan?.tier ?? null;
}

/**
 * The subscriber consented to another plan at PayPal (revise): an active subscription moves to that
 * tier and the company, when this is its current subscription, to the tier's seats (members beyond
 * fewer seats stay, but no one new can be invited). Once: a row already on the tier changes nothing.
 */
export async function changeSubscriptionTier(
  tx: DbOrTx,
  row: TSubscriptionRow,
  tier: TSubscriptionRow["tier"],
): Promise<boolean> {
  if (row.status !== "ACTIVE" || row.tier === tier) return false;
  await tx.update(subscriptions).set({ tier, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
  await tx
    .update(companies)
    .set({ subscriptionTier: tier, seats: TIER_SEATS[tier], subscriptionUpdatedAt: sql`now()` })
    .where(and(eq(companies.id, row.companyId), eq(companies.subscriptionId, row.providerSubscriptionId)));
  return true;
}

export type TEndedStatus = "SUSPENDED" | "CANCELLED" | "EXPIRED";

/**
 * A suspended, cancelled or expired subscription: the company falls back to the free tier and its two
 * seats (members beyond them stay, but no one new can be invited) with the status recorded. Only the
 * company's current subscription moves the company; an older one just records its own status.
 */
export async function endSubscription(
  tx: DbOrTx,
  row: TSubscriptionRow,
  status: TEndedStatus,
): Promise<boolean> {
  if (row.status === status) return false;
  await tx.update(subscriptions).set({ status, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
  await tx
    .update(companies)
    .set({
      subscriptionTier: "free",
      seats: TIER_SEATS.free,
      subscriptionStatus: status.toLowerCase(),
      subscriptionUpdatedAt: sql`now()`,
    })
    .where(and(eq(companies.id, row.companyId), eq(companies.subscriptionId, row.providerSubscriptionId)));
  return true;
}

/**
 * A tier set by hand (a platform admin, or the demo seed): recorded as a "manual" subscription and
 * applied by the same rules as a paid one, so tier, status and seats always come from a subscription
 * record. "free" ends the manual plan. A company paying through PayPal is changed at PayPal instead.
 */
export async function setTierByHand(
  tx: DbOrTx,
  companyId: string,
  tier: TSubscriptionRow["tier"] | "free",
): Promise<void> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.status, "ACTIVE")))
    .for("update");
  if (current && current.provider !== "manual") throw new PaidThroughPayPalError();
  if (tier === "free") {
    if (current) await endSubscription(tx, current, "CANCELLED");
    return;
  }
  if (current?.tier === tier) return;
  const [row] = await tx
    .insert(subscriptions)
    .values({
      companyId,
      provider: "manual",
      providerSubscriptionId: `manual-${randomUUID()}`,
      tier,
      status: "PENDING",
    })
    .returning();
  if (!row) throw new Error("subscription insert returned nothing");
  await activateSubscription(tx, row);
}

/** setTierByHand on a company whose plan PayPal bills. */
export class PaidThroughPayPalError extends Error {}
