import { randomUUID } from "node:crypto";
import {
  PLATFORM_ADMIN_MESSAGES,
  SUBSCRIPTION_PLAN_CATALOG,
  type TPlatformPayPalSettings,
  type TPlatformPayPalUpdate,
  type TRegeneratePlansResult,
  type TSubscriptionPlan,
} from "@leadpost/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { platformSettings, subscriptionPlans } from "../../db/schema";
import { createBillingPlan, createCatalogProduct } from "../../integrations/paypal/catalog";
import {
  createPayPalClient,
  PayPalError,
  payPalFailureKind,
  type TPayPalClient,
} from "../../integrations/paypal/client";
import { AppError } from "../../lib/app-error";
import { lastFour } from "../../lib/secret-box";

type TMode = "sandbox" | "live";
type TSettingsDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;

/** The platform_settings key of the platform's own PayPal app per mode (shared with subscriptions). */
export const platformPayPalKey = (mode: TMode) => `paypal.${mode}`;

type TPlanRow = typeof subscriptionPlans.$inferSelect;
const planOut = (p: TPlanRow): TSubscriptionPlan => ({
  tier: p.tier,
  mode: p.mode,
  providerPlanId: p.providerPlanId,
  priceCents: p.priceCents,
  seats: p.seats,
  createdAt: p.createdAt.toISOString(),
});

/** Both PayPal apps of the platform (client id, webhook id, last four of the secret) and the plans. */
export async function getPlatformPayPal(deps: TSettingsDeps): Promise<TPlatformPayPalSettings> {
  const db = deps.database.db;
  const [rows, plans] = await Promise.all([
    db.select().from(platformSettings),
    db
      .select()
      .from(subscriptionPlans)
      .orderBy(asc(subscriptionPlans.mode), asc(subscriptionPlans.priceCents)),
  ]);
  const app = (mode: TMode) => {
    const row = rows.find((r) => r.key === platformPayPalKey(mode));
    const clientId = row?.value.clientId ?? null;
    return {
      clientId,
      webhookId: row?.value.webhookId ?? null,
      secretLast4: row?.secretLast4 ?? null,
      configured: Boolean(clientId && row?.secretCiphertext),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  };
  return { sandbox: app("sandbox"), live: app("live"), plans: plans.map(planOut) };
}

/** Saves one mode's app; the secret is sealed at rest and only its last four stay readable. */
export async function updatePlatformPayPal(
  deps: TSettingsDeps,
  input: TPlatformPayPalUpdate,
): Promise<TPlatformPayPalSettings> {
  const key = platformPayPalKey(input.mode);
  const value = { clientId: input.clientId, webhookId: input.webhookId || null };
  const secret = input.secret
    ? { ciphertext: deps.secretBox.seal(input.secret), last4: lastFour(input.secret) }
    : null;
  await deps.database.db
    .insert(platformSettings)
    .values({ key, value, secretCiphertext: secret?.ciphertext ?? null, secretLast4: secret?.last4 ?? null })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: {
        value,
        updatedAt: new Date(),
        ...(secret ? { secretCiphertext: secret.ciphertext, secretLast4: secret.last4 } : {}),
      },
    });
  return getPlatformPayPal(deps);
}

/** The platform's PayPal app for a mode, or 409 when its client id or secret is missing. */
export async function platformPayPalClient(deps: TSettingsDeps, mode: TMode): Promise<TPayPalClient> {
  const [row] = await deps.database.db
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.key, platformPayPalKey(mode)));
  const clientId = row?.value.clientId;
  if (!clientId || !row?.secretCiphertext) {
    throw new AppError("PAYPAL_NOT_CONFIGURED", PLATFORM_ADMIN_MESSAGES.PLATFORM_PAYPAL_NOT_CONFIGURED);
  }
  const baseUrl = mode === "sandbox" ? deps.config.paypal.sandboxBaseUrl : deps.config.paypal.liveBaseUrl;
  return createPayPalClient({ baseUrl, clientId, secret: deps.secretBox.open(row.secretCiphertext) });
}

/**
 * create-paypal-plans: one catalog product and one monthly plan per paid tier at PayPal, then the
 * plans of this mode replaced in subscription_plans (read by the subscription panel) in one transaction.
 */
export async function regeneratePlans(deps: TSettingsDeps, mode: TMode): Promise<TRegeneratePlansResult> {
  const client = await platformPayPalClient(deps, mode);
  const run = randomUUID();
  let created: {
    productId: string;
    plans: { tier: TSubscriptionPlan["tier"]; id: string; priceCents: number; seats: number }[];
  };
  try {
    const product = await createCatalogProduct(client, {
      name: "Leadpost subscription",
      description: "Leadpost lead capture and distribution, billed monthly per seat tier",
      requestId: `leadpost-product-${run}`,
    });
    const plans = [];
    for (const tier of SUBSCRIPTION_PLAN_CATALOG) {
      const plan = await createBillingPlan(client, {
        productId: product.id,
        name: `Leadpost ${tier.name} (${tier.seats} seats)`,
        priceCents: tier.priceCents,
        requestId: `leadpost-plan-${tier.tier}-${run}`,
      });
      plans.push({ tier: tier.tier, id: plan.id, priceCents: tier.priceCents, seats: tier.seats });
    }
    created = { productId: product.id, plans };
  } catch (err) {
    if (!(err instanceof PayPalError)) throw err;
    deps.logger.warn({ status: err.status, issue: err.issue }, "PayPal plan regeneration failed");
    const message = {
      credentials: "PayPal refused the client ID or secret",
      unreachable:
        "PayPal could not be reached, so no plans were created. Please try again in a few minutes.",
      unavailable:
        "PayPal is not answering properly right now, so no plans were created. Please try again later.",
      refused: "PayPal refused to create the plans. Check that the account may create subscription plans.",
    }[payPalFailureKind(err)];
    throw new AppError("PAYPAL_ERROR", message);
  }
  const rows = await deps.database.db.transaction(async (tx) => {
    const out: TPlanRow[] = [];
    for (const plan of created.plans) {
      const [row] = await tx
        .insert(subscriptionPlans)
        .values({
          tier: plan.tier,
          mode,
          providerPlanId: plan.id,
          priceCents: plan.priceCents,
          seats: plan.seats,
        })
        .onConflictDoUpdate({
          target: [subscriptionPlans.tier, subscriptionPlans.mode],
          set: {
            providerPlanId: plan.id,
            priceCents: plan.priceCents,
            seats: plan.seats,
            createdAt: sql`now()`,
          },
        })
        .returning();
      out.push(row!);
    }
    return out;
  });
  return { productId: created.productId, plans: rows.map(planOut) };
}
