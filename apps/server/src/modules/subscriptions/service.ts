import { randomUUID } from "node:crypto";
import {
  SUBSCRIPTION_MESSAGES,
  type TCreateSubscription,
  type TSubscriptionCancelResult,
  type TSubscriptionCheckout,
  type TSubscriptionConfirmResult,
  type TSubscriptionState,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TCompanyContext, TDeps } from "../../app-types";
import { companies, subscriptionPlans, subscriptions } from "../../db/schema";
import {
  approveLink,
  cancelSubscription,
  createSubscription,
  getSubscription,
  reviseSubscription,
} from "../../integrations/paypal/billing";
import { PayPalError } from "../../integrations/paypal/client";
import { AppError, notFound } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import { platformPayPalClient } from "../platform-admin";
import {
  activateSubscription,
  changeSubscriptionTier,
  endSubscription,
  lockSubscription,
  tierOfPlan,
} from "./apply";

type TServiceDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
type TMode = "sandbox" | "live";

/** Where PayPal sends the subscriber back: the settings page, which confirms or says "Payment cancelled". */
const SETTINGS_PATH = "/owner/settings";

export async function getSubscriptionState(
  deps: TServiceDeps,
  ctx: TCompanyContext,
): Promise<TSubscriptionState> {
  const [row] = await deps.database.db
    .select({
      tier: companies.subscriptionTier,
      status: companies.subscriptionStatus,
      subscriptionId: companies.subscriptionId,
      updatedAt: companies.subscriptionUpdatedAt,
      seats: companies.seats,
      trialExpiresAt: companies.trialExpiresAt,
    })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!row) throw notFound("Company not found");
  return {
    ...row,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    trialExpiresAt: row.trialExpiresAt?.toISOString() ?? null,
    // 002 §4: expired when the current date is after trial_expires_at.
    trialExpired: row.trialExpiresAt ? Date.now() > row.trialExpiresAt.getTime() : false,
  };
}

async function companyMode(deps: TServiceDeps, companyId: string): Promise<TMode> {
  const [row] = await deps.database.db
    .select({ sandbox: companies.isSandboxMode })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.sandbox === false ? "live" : "sandbox";
}

function paypalFailure(deps: TServiceDeps, err: unknown, message: string): never {
  if (!(err instanceof PayPalError)) throw err;
  deps.logger.warn({ status: err.status, issue: err.issue }, message);
  throw new AppError("PAYPAL_ERROR", 502, message);
}

/**
 * create-paypal-subscription: a PayPal subscription to the platform's plan for the tier (sandbox or live
 * as the company's mode), recorded as APPROVAL_PENDING; the browser is sent to PayPal to approve it.
 */
export async function startSubscription(
  deps: TServiceDeps,
  ctx: TCompanyContext,
  input: TCreateSubscription,
): Promise<TSubscriptionCheckout> {
  const current = await getSubscriptionState(deps, ctx);
  // 002 §4: upgrades are offered only while on free (a paid tier is changed at PayPal, not here).
  if (current.tier !== "free") {
    throw new AppError("CONFLICT", 409, SUBSCRIPTION_MESSAGES.ALREADY_SUBSCRIBED);
  }
  const mode = await companyMode(deps, ctx.companyId);
  const [plan] = await deps.database.db
    .select({ providerPlanId: subscriptionPlans.providerPlanId })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.tier, input.tier), eq(subscriptionPlans.mode, mode)));
  if (!plan) throw new AppError("PAYPAL_NOT_CONFIGURED", 409, SUBSCRIPTION_MESSAGES.NO_PLAN);
  const client = await platformPayPalClient(deps, mode).catch((err: unknown) => {
    if (err instanceof AppError)
      throw new AppError(err.code, err.status, SUBSCRIPTION_MESSAGES.CREATE_FAILED);
    throw err;
  });
  const page = `${deps.config.publicUrl}${SETTINGS_PATH}`;
  const created = await createSubscription(client, {
    planId: plan.providerPlanId,
    customId: ctx.companyId,
    returnUrl: `${page}?subscription=return`,
    cancelUrl: `${page}?subscription=cancelled`,
    requestId: `leadpost-subscription-${randomUUID()}`,
  }).catch((err: unknown) => paypalFailure(deps, err, SUBSCRIPTION_MESSAGES.CREATE_FAILED));
  const approveUrl = approveLink(created);
  if (!approveUrl) throw new AppError("PAYPAL_ERROR", 502, SUBSCRIPTION_MESSAGES.CREATE_FAILED);
  await deps.database.db.insert(subscriptions).values({
    companyId: ctx.companyId,
    providerSubscriptionId: created.id,
    tier: input.tier,
    status: created.status,
  });
  return { subscriptionId: created.id, approveUrl };
}

/**
 * The return from PayPal: the subscription is read back from PayPal and, once ACTIVE, applied to the
 * company exactly once (the webhook may have done it already). One that was never approved answers
 * "Payment cancelled".
 */
export async function confirmSubscription(
  deps: TServiceDeps,
  ctx: TCompanyContext,
  subscriptionId: string,
  log: TLogger,
): Promise<TSubscriptionConfirmResult> {
  const db = deps.database.db;
  const [known] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, subscriptionId),
        eq(subscriptions.companyId, ctx.companyId),
      ),
    );
  if (!known) throw notFound("No such subscription for your company");
  const client = await platformPayPalClient(deps, await companyMode(deps, ctx.companyId)).catch(
    (err: unknown) => {
      if (err instanceof AppError)
        throw new AppError(err.code, err.status, SUBSCRIPTION_MESSAGES.PROCESS_FAILED);
      throw err;
    },
  );
  const atPayPal = await getSubscription(client, subscriptionId).catch((err: unknown) =>
    paypalFailure(deps, err, SUBSCRIPTION_MESSAGES.PROCESS_FAILED),
  );
  if (atPayPal.custom_id && atPayPal.custom_id !== ctx.companyId) {
    log.warn({ subscriptionId }, "PayPal subscription belongs to another company");
    throw notFound("No such subscription for your company");
  }
  if (atPayPal.status === "APPROVED") {
    // Approved, not yet active: PayPal's BILLING.SUBSCRIPTION.ACTIVATED webhook applies it.
    return {
      outcome: "pending",
      message: SUBSCRIPTION_MESSAGES.PENDING,
      subscription: await getSubscriptionState(deps, ctx),
    };
  }
  if (atPayPal.status !== "ACTIVE") {
    if (atPayPal.status === "APPROVAL_PENDING" || atPayPal.status === "CANCELLED") {
      throw new AppError("PAYMENT_CANCELLED", 409, SUBSCRIPTION_MESSAGES.CANCELLED);
    }
    throw new AppError("PAYPAL_ERROR", 409, SUBSCRIPTION_MESSAGES.PROCESS_FAILED);
  }
  const outcome = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, subscriptionId, ctx.companyId);
    if (!row) throw notFound("No such subscription for your company");
    if (row.status !== "ACTIVE")
      return (await activateSubscription(tx, row)) ? "activated" : "already_active";
    // Already active: back from consenting to another plan (revise), PayPal now names the new plan.
    const tier = await tierOfPlan(tx, atPayPal.plan_id);
    return tier && (await changeSubscriptionTier(tx, row, tier)) ? "changed" : "already_active";
  });
  return {
    outcome,
    message: outcome === "changed" ? SUBSCRIPTION_MESSAGES.PLAN_CHANGED : SUBSCRIPTION_MESSAGES.CREATED,
    subscription: await getSubscriptionState(deps, ctx),
  };
}

/** The company's active paid subscription, or 409 "Your company has no active subscription". */
async function activeSubscription(deps: TServiceDeps, ctx: TCompanyContext) {
  const current = await getSubscriptionState(deps, ctx);
  if (current.tier === "free" || !current.subscriptionId || current.status !== "active") {
    throw new AppError("CONFLICT", 409, SUBSCRIPTION_MESSAGES.NOT_SUBSCRIBED);
  }
  return { ...current, subscriptionId: current.subscriptionId };
}

async function platformClientFor(deps: TServiceDeps, companyId: string, failure: string) {
  return platformPayPalClient(deps, await companyMode(deps, companyId)).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError(err.code, err.status, failure);
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
  if (current.tier === input.tier) throw new AppError("CONFLICT", 409, SUBSCRIPTION_MESSAGES.SAME_TIER);
  const mode = await companyMode(deps, ctx.companyId);
  const [plan] = await deps.database.db
    .select({ providerPlanId: subscriptionPlans.providerPlanId })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.tier, input.tier), eq(subscriptionPlans.mode, mode)));
  if (!plan) throw new AppError("PAYPAL_NOT_CONFIGURED", 409, SUBSCRIPTION_MESSAGES.CHANGE_FAILED);
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
