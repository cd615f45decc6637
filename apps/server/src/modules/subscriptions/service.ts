import { randomUUID } from "node:crypto";
import {
  SUBSCRIPTION_MESSAGES,
  type TCreateSubscription,
  type TSubscriptionCheckout,
  type TSubscriptionConfirmResult,
  type TSubscriptionState,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TCompanyContext, TDeps } from "../../app-types";
import { companies, subscriptionPlans, subscriptions } from "../../db/schema";
import { approveLink, createSubscription, getSubscription } from "../../integrations/paypal/billing";
import { PayPalError } from "../../integrations/paypal/client";
import { AppError, notFound } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import { platformPayPalClient } from "../platform-admin";
import { activateSubscription, changeSubscriptionTier, lockSubscription, tierOfPlan } from "./apply";

export type TServiceDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
type TMode = "sandbox" | "live";

/** Where PayPal sends the subscriber back: the settings page, which confirms or says "Payment cancelled". */
export const SETTINGS_PATH = "/owner/settings";

/** Tiers a platform admin set by hand (and the demo company's) carry a "manual-…" subscription id. */
export const isManualPlan = (subscriptionId: string | null) => Boolean(subscriptionId?.startsWith("manual-"));

/** Who bills a company's current plan: PayPal, nobody (set by hand), or no plan yet. */
export const billedBy = (subscriptionId: string | null) =>
  subscriptionId ? (isManualPlan(subscriptionId) ? ("manual" as const) : ("paypal" as const)) : null;

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
    billedBy: billedBy(row.subscriptionId),
  };
}

export async function companyMode(deps: TServiceDeps, companyId: string): Promise<TMode> {
  const [row] = await deps.database.db
    .select({ sandbox: companies.isSandboxMode })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.sandbox === false ? "live" : "sandbox";
}

export function paypalFailure(deps: TServiceDeps, err: unknown, message: string): never {
  if (!(err instanceof PayPalError)) throw err;
  deps.logger.warn({ status: err.status, issue: err.issue }, message);
  throw new AppError("PAYPAL_ERROR", message);
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
  // 002 §4: upgrades are offered only while on free (a paid tier is changed at PayPal, not here); a
  // tier set by hand bills nothing, so such a company may subscribe.
  if (current.tier !== "free" && !isManualPlan(current.subscriptionId)) {
    throw new AppError("CONFLICT", SUBSCRIPTION_MESSAGES.ALREADY_SUBSCRIBED);
  }
  const mode = await companyMode(deps, ctx.companyId);
  const [plan] = await deps.database.db
    .select({ providerPlanId: subscriptionPlans.providerPlanId })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.tier, input.tier), eq(subscriptionPlans.mode, mode)));
  if (!plan) throw new AppError("PAYPAL_NOT_CONFIGURED", SUBSCRIPTION_MESSAGES.NO_PLAN);
  const client = await platformPayPalClient(deps, mode).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError(err.code, SUBSCRIPTION_MESSAGES.CREATE_FAILED);
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
  if (!approveUrl) throw new AppError("PAYPAL_ERROR", SUBSCRIPTION_MESSAGES.CREATE_FAILED);
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
      if (err instanceof AppError) throw new AppError(err.code, SUBSCRIPTION_MESSAGES.PROCESS_FAILED);
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
      throw new AppError("PAYMENT_CANCELLED", SUBSCRIPTION_MESSAGES.CANCELLED);
    }
    throw new AppError("SUBSCRIPTION_NOT_ACTIVE", SUBSCRIPTION_MESSAGES.PROCESS_FAILED);
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
