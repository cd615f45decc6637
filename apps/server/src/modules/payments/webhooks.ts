import { PAYMENT_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { paymentOrders, paymentWebhookEvents } from "../../db/schema";
import { PayPalError, type TPayPalCapture } from "../../integrations/paypal/client";
import { AppError } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import { paypalForCompany } from "./paypal-settings";
import { settleCapture } from "./settle";

type TWebhookDeps = Pick<TDeps, "database" | "secretBox" | "config">;
type TEvent = { id?: unknown; event_type?: unknown; resource?: unknown };

const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
]);

const invalid = () => new AppError("WEBHOOK_INVALID", 400, PAYMENT_MESSAGES.WEBHOOK_INVALID);

/**
 * A PayPal webhook for one company: verified with PayPal's verify-webhook-signature against the
 * company's webhook id, recorded once per event id (a redelivery changes nothing), and capture events
 * settle the order exactly like the capture answer does.
 */
export async function handlePayPalWebhook(
  deps: TWebhookDeps,
  companyId: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
  log: TLogger,
): Promise<{ received: true; duplicate: boolean; outcome: "processed" | "ignored" }> {
  let event: TEvent;
  try {
    event = JSON.parse(rawBody) as TEvent;
  } catch {
    throw invalid();
  }
  if (typeof event.id !== "string" || typeof event.event_type !== "string") throw invalid();
  const db = deps.database.db;
  const paypal = await paypalForCompany(deps, db, companyId).catch(() => {
    throw invalid();
  });
  if (!paypal.webhookId) throw invalid();
  let verified: boolean;
  try {
    verified = await paypal.client.verifyWebhookSignature({ webhookId: paypal.webhookId, headers, event });
  } catch (err) {
    // PayPal unreachable: answer 5xx so PayPal delivers again later.
    if (err instanceof PayPalError && err.status >= 400 && err.status < 500) throw invalid();
    throw new AppError("UNAVAILABLE", 503, "PayPal could not be reached to verify the webhook");
  }
  if (!verified) {
    log.warn({ companyId, eventId: event.id }, "PayPal webhook refused: signature not verified");
    throw invalid();
  }

  const eventId = event.id;
  const eventType = event.event_type;
  const capture = CAPTURE_EVENTS.has(eventType) ? (event.resource as TPayPalCapture) : null;
  const providerOrderId = capture?.supplementary_data?.related_ids?.order_id;
  return db.transaction(async (tx) => {
    const [order] = providerOrderId
      ? await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(
            and(
              eq(paymentOrders.provider, "paypal"),
              eq(paymentOrders.providerOrderId, providerOrderId),
              eq(paymentOrders.companyId, companyId),
            ),
          )
      : [];
    const outcome = order && capture ? ("processed" as const) : ("ignored" as const);
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ companyId, eventId, eventType, resourceId: capture?.id ?? null, outcome })
      // A redelivery of the same event waits for the first one's transaction, then finds its row.
      .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
      .returning({ id: paymentWebhookEvents.id });
    if (recorded.length === 0) return { received: true as const, duplicate: true, outcome };
    if (order && capture) await settleCapture(tx, log, { companyId, orderId: order.id }, capture);
    return { received: true as const, duplicate: false, outcome };
  });
}
