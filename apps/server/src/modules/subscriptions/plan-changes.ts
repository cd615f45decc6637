import {
  SUBSCRIPTION_MESSAGES,
  type TCreateSubscription,
  type TSubscriptionCancelResult,
  type TSubscriptionCheckout,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TCompanyContext } from "../../app-types";
import { subscriptionPlans } from "../../db/schema";
import {
  approveLink,
  cancelSubscription,
  getSubscription,
  reviseSubscription,
} from "../../integrations/paypal/billing";
import { PayPalError } from "../../integrations/paypal/client";
import { AppError, notFound } from "../../lib/app-error";
import { platformPayPalClient } from "../platform-admin";
import { endSubscription, lockSubscription } from "./apply";
import {
  companyMode,
  getSubscriptionState,
  isManualPlan,
  paypalFailure,
  SETTINGS_PATH,
  startSubscription,
  type TServiceDeps,
} from "./service";

/** On a paid tier: change plan (PayPal's revise) and cancel. Starting and confirming are in ./service.ts. */

/** The company's active paid subscription, or 409 "Your company has no active subscription". */
async function activeSubscription(deps: TServiceDeps, ctx: TCompanyContext) {
  const current = await getSubscriptionState(deps, ctx);
  if (current.tier === "free" || !current.subscriptionId || current.status !== "active") {
    throw new AppError("CONFLICT", SUBSCRIPTION_MESSAGES.NOT_SUBSCRIBED);
  }
  return { ...current, subscriptionId: current.subscriptionId };
}

async function platformClientFor(deps: TServiceDeps, companyId: string, failure: string) {
  return platformPayPalClient(deps, await companyMode(deps, companyId)).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError(err.code, failure);
    throw err;
  });
}

/**
 * Change plan on a paid tier: PayPal's revise to the platform's plan for the new tier. The subscriber
 * consents at PayPal and comes back to the settings page, whose confirm applies the new tier; declining
 * keeps the old plan ("Payment cancelled"). Without a consent step (card subscriptions) the return page
 * is the next stop straight away.
 */
export async function changeSubscriptionPlan(
  deps: TServiceDeps,
  ctx: TCompanyContext,
  input: TCreateSubscription,
): Promise<TSubscriptionCheckout> {
  const current = await activeSubscription(deps, ctx);
  if (current.tier === input.tier) throw new AppError("CONFLICT", SUBSCRIPTION_MESSAGES.SAME_TIER);
  // A plan set by hand has nothing at PayPal to revise: the company subscribes to the new tier.
  if (isManualPlan(current.subscriptionId)) return startSubscription(deps, ctx, input);
  const mode = await companyMode(deps, ctx.companyId);
  const [plan] = await deps.database.db
    .select({ providerPlanId: subscriptionPlans.providerPlanId })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.tier, input.tier), eq(subscriptionPlans.mode, mode)));
  if (!plan) throw new AppError("PAYPAL_NOT_CONFIGURED", SUBSCRIPTION_MESSAGES.CHANGE_FAILED);
  const client = await platformClientFor(deps, ctx.companyId, SUBSCRIPTION_MESSAGES.CHANGE_FAILED);
  const page = `${deps.config.publicUrl}${SETTINGS_PATH}`;
  const returnUrl = `${page}?subscription=return&subscription_id=${encodeURIComponent(current.subscriptionId)}`;
  const revised = await reviseSubscription(client, current.subscriptionId, {
    planId: plan.providerPlanId,
    returnUrl,
    cancelUrl: `${page}?subscription=cancelled`,
  }).catch((err: unknown) => paypalFailure(deps, err, SUBSCRIPTION_MESSAGES.CHANGE_FAILED));
  return { subscriptionId: current.subscriptionId, approveUrl: approveLink(revised) ?? returnUrl };
}

const CANCEL_REASON = "Cancelled by the company in Leadpost settings";

/**
 * Cancel: POST …/cancel at PayPal (no further payments), then the PRODUCT.md fall-back at once under
 * the subscription's row lock — free, 2 seats, status "cancelled" — so PayPal's CANCELLED webhook,
 * arriving before or after, changes nothing more. One cancelled at PayPal already (by the subscriber in
 * their PayPal account) is recorded the same way.
 */
export async function cancelCompanySubscription(
  deps: TServiceDeps,
  ctx: TCompanyContext,
): Promise<TSubscriptionCancelResult> {
  const current = await activeSubscription(deps, ctx);
  if (isManualPlan(current.subscriptionId)) return endManualPlan(deps, ctx, current.subscriptionId);
  const client = await platformClientFor(deps, ctx.companyId, SUBSCRIPTION_MESSAGES.CANCEL_FAILED);
  let ended: "CANCELLED" | "EXPIRED" = "CANCELLED";
  try {
    await cancelSubscription(client, current.subscriptionId, CANCEL_REASON);
  } catch (err) {
    if (!(err instanceof PayPalError) || err.status !== 422) {
      paypalFailure(deps, err, SUBSCRIPTION_MESSAGES.CANCEL_FAILED);
    }
    const atPayPal = await getSubscription(client, current.subscriptionId).catch((e: unknown) =>
      paypalFailure(deps, e, SUBSCRIPTION_MESSAGES.CANCEL_FAILED),
    );
    if (atPayPal.status !== "CANCELLED" && atPayPal.status !== "EXPIRED") {
      paypalFailure(deps, err, SUBSCRIPTION_MESSAGES.CANCEL_FAILED);
    }
    ended = atPayPal.status === "EXPIRED" ? "EXPIRED" : "CANCELLED";
  }
  await deps.database.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, current.subscriptionId, ctx.companyId);
    if (!row) throw notFound("No such subscription for your company");
    await endSubscription(tx, row, ended);
  });
  return {
    message: SUBSCRIPTION_MESSAGES.SUBSCRIPTION_CANCELLED,
    subscription: await getSubscriptionState(deps, ctx),
  };
}

/** A plan set by hand bills nothing: cancelling it is the fall-back to free alone. */
async function endManualPlan(
  deps: TServiceDeps,
  ctx: TCompanyContext,
  subscriptionId: string,
): Promise<TSubscriptionCancelResult> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, subscriptionId, ctx.companyId, "manual");
    if (!row) throw notFound("No such subscription for your company");
    await endSubscription(tx, row, "CANCELLED");
  });
  return {
    message: SUBSCRIPTION_MESSAGES.SUBSCRIPTION_CANCELLED,
    subscription: await getSubscriptionState(deps, ctx),
  };
}
