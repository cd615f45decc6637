import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { paymentWebhookEvents, platformSettings, subscriptionPlans } from "../../db/schema";
import type { TPayPalSubscription } from "../../integrations/paypal/billing";
import type { TLogger } from "../../lib/logger";
import { recordPayPalEventOnce, type TWebhookApp, verifiedPayPalEvent } from "../payments";
import { platformPayPalClient, platformPayPalKey } from "../platform-admin";
import {
  activateSubscription,
  changeSubscriptionTier,
  endSubscription,
  lockSubscription,
  type TEndedStatus,
  tierOfPlan,
} from "./apply";

type TWebhookDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
type TMode = "sandbox" | "live";
export type TSubscriptionWebhookResult = {
  received: true;
  duplicate: boolean;
  outcome: "processed" | "ignored";
};

const ACTIVATED = new Set(["BILLING.SUBSCRIPTION.ACTIVATED", "BILLING.SUBSCRIPTION.RE-ACTIVATED"]);
/** A revise the subscriber consented to: the resource names the new plan. */
const UPDATED = "BILLING.SUBSCRIPTION.UPDATED";
const ENDED: Record<string, TEndedStatus> = {
  "BILLING.SUBSCRIPTION.SUSPENDED": "SUSPENDED",
  "BILLING.SUBSCRIPTION.CANCELLED": "CANCELLED",
  "BILLING.SUBSCRIPTION.EXPIRED": "EXPIRED",
};

/** The platform's PayPal apps that may have sent the event, the mode of the event's plan first. */
async function webhookApps(deps: TWebhookDeps, planId: string | undefined): Promise<TWebhookApp[]> {
  const db = deps.database.db;
  const [plan] = planId
    ? await db
        .select({ mode: subscriptionPlans.mode })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.providerPlanId, planId))
    : [];
  const modes: TMode[] = plan?.mode === "live" ? ["live", "sandbox"] : ["sandbox", "live"];
  const rows = await db.select().from(platformSettings);
  return modes.map((mode) => async () => ({
    client: await platformPayPalClient(deps, mode),
    webhookId: rows.find((r) => r.key === platformPayPalKey(mode))?.value.webhookId,
  }));
}

async function planChanged(
  tx: Parameters<typeof tierOfPlan>[0],
  row: Parameters<typeof changeSubscriptionTier>[1],
  resource: Partial<TPayPalSubscription>,
) {
  if (resource.status !== "ACTIVE") return false;
  const tier = await tierOfPlan(tx, resource.plan_id);
  return tier ? changeSubscriptionTier(tx, row, tier) : false;
}

/**
 * BILLING.SUBSCRIPTION.* webhooks of the platform's PayPal apps: verified with PayPal's
 * verify-webhook-signature, recorded once per event id, and applied under the subscription's row lock
 * (the same lock the return page takes), so activation happens exactly once.
 */
export async function handleSubscriptionWebhook(
  deps: TWebhookDeps,
  headers: Record<string, string | undefined>,
  rawBody: string,
  log: TLogger,
): Promise<TSubscriptionWebhookResult> {
  const event = await verifiedPayPalEvent(
    rawBody,
    headers,
    (e) => webhookApps(deps, (e.resource as Partial<TPayPalSubscription> | undefined)?.plan_id),
    log,
  );
  const resource = (event.resource ?? {}) as Partial<TPayPalSubscription>;
  const eventId = event.id;
  const eventType = event.event_type;
  const ended = ENDED[eventType];
  const relevant =
    (ACTIVATED.has(eventType) || ended || eventType === UPDATED) && typeof resource.id === "string";
  return deps.database.db.transaction(async (tx) => {
    const row = relevant ? await lockSubscription(tx, resource.id as string) : null;
    if (!row) return { received: true as const, duplicate: false, outcome: "ignored" as const };
    const recorded = await recordPayPalEventOnce(tx, {
      companyId: row.companyId,
      eventId,
      eventType,
      resourceId: row.providerSubscriptionId,
      outcome: "processed",
    });
    if (!recorded) return { received: true as const, duplicate: true, outcome: "ignored" as const };
    const changed = ended
      ? await endSubscription(tx, row, ended)
      : eventType === UPDATED
        ? await planChanged(tx, row, resource)
        : await activateSubscription(tx, row);
    // A change the return page (or an earlier event) already made is recorded as ignored.
    if (!changed) {
      await tx
        .update(paymentWebhookEvents)
        .set({ outcome: "ignored" })
        .where(eq(paymentWebhookEvents.id, recorded));
    }
    return {
      received: true as const,
      duplicate: false,
      outcome: changed ? ("processed" as const) : ("ignored" as const),
    };
  });
}
