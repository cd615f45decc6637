import { PAYMENT_MESSAGES } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { paymentWebhookEvents, platformSettings, subscriptionPlans } from "../../db/schema";
import type { TPayPalSubscription } from "../../integrations/paypal/billing";
import { PayPalError } from "../../integrations/paypal/client";
import { AppError } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
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
type TEvent = { id?: unknown; event_type?: unknown; resource?: unknown };
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

const invalid = () => new AppError("WEBHOOK_INVALID", 400, PAYMENT_MESSAGES.WEBHOOK_INVALID);

/** The platform's webhook ids, the mode of the event's plan first (either app may have sent it). */
async function webhookApps(deps: TWebhookDeps, planId: string | undefined) {
  const db = deps.database.db;
  const [plan] = planId
    ? await db
        .select({ mode: subscriptionPlans.mode })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.providerPlanId, planId))
    : [];
  const modes: TMode[] = plan?.mode === "live" ? ["live", "sandbox"] : ["sandbox", "live"];
  const rows = await db.select().from(platformSettings);
  return modes.flatMap((mode) => {
    const webhookId = rows.find((r) => r.key === platformPayPalKey(mode))?.value.webhookId;
    return webhookId ? [{ mode, webhookId }] : [];
  });
}

async function verified(
  deps: TWebhookDeps,
  event: TEvent,
  headers: Record<string, string | undefined>,
  planId: string | undefined,
): Promise<boolean> {
  for (const app of await webhookApps(deps, planId)) {
    try {
      const client = await platformPayPalClient(deps, app.mode);
      if (await client.verifyWebhookSignature({ webhookId: app.webhookId, headers, event })) return true;
    } catch (err) {
      if (err instanceof AppError) continue; // this mode's app is not configured
      if (err instanceof PayPalError && err.status >= 400 && err.status < 500) continue;
      // PayPal unreachable: answer 5xx so PayPal delivers again later.
      throw new AppError("UNAVAILABLE", 503, "PayPal could not be reached to verify the webhook");
    }
  }
  return false;
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
  let event: TEvent;
  try {
    event = JSON.parse(rawBody) as TEvent;
  } catch {
    throw invalid();
  }
  if (typeof event.id !== "string" || typeof event.event_type !== "string") throw invalid();
  const resource = (event.resource ?? {}) as Partial<TPayPalSubscription>;
  if (!(await verified(deps, event, headers, resource.plan_id))) {
    log.warn({ eventId: event.id }, "PayPal subscription webhook refused: signature not verified");
    throw invalid();
  }
  const eventId = event.id;
  const eventType = event.event_type;
  const ended = ENDED[eventType];
  const relevant =
    (ACTIVATED.has(eventType) || ended || eventType === UPDATED) && typeof resource.id === "string";
  return deps.database.db.transaction(async (tx) => {
    const row = relevant ? await lockSubscription(tx, resource.id as string) : null;
    if (!row) return { received: true as const, duplicate: false, outcome: "ignored" as const };
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({
        companyId: row.companyId,
        eventId,
        eventType,
        resourceId: row.providerSubscriptionId,
        outcome: "processed",
      })
      .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
      .returning({ id: paymentWebhookEvents.id });
    if (recorded.length === 0)
      return { received: true as const, duplicate: true, outcome: "ignored" as const };
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
        .where(eq(paymentWebhookEvents.id, recorded[0]!.id));
    }
    return {
      received: true as const,
      duplicate: false,
      outcome: changed ? ("processed" as const) : ("ignored" as const),
    };
  });
}
