import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { paymentOrders } from "../../db/schema";
import type { TPayPalCapture } from "../../integrations/paypal/client";
import type { TLogger } from "../../lib/logger";
import { paypalForCompany } from "./paypal-settings";
import { settleCapture } from "./settle";
import { recordPayPalEventOnce, verifiedPayPalEvent } from "./webhook-intake";

type TWebhookDeps = Pick<TDeps, "database" | "secretBox" | "config">;
const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
]);

/**
 * A PayPal webhook for one company: verified against the company's webhook id, recorded once per event
 * id (a redelivery changes nothing), and capture events settle the order exactly like the capture
 * answer does.
 */
export async function handlePayPalWebhook(
  deps: TWebhookDeps,
  companyId: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
  log: TLogger,
): Promise<{ received: true; duplicate: boolean; outcome: "processed" | "ignored" }> {
  const db = deps.database.db;
  const event = await verifiedPayPalEvent(
    rawBody,
    headers,
    () => [() => paypalForCompany(deps, db, companyId)],
    log,
  );
  const capture = CAPTURE_EVENTS.has(event.event_type) ? (event.resource as TPayPalCapture) : null;
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
    const recorded = await recordPayPalEventOnce(tx, {
      companyId,
      eventId: event.id,
      eventType: event.event_type,
      resourceId: capture?.id ?? null,
      outcome,
    });
    if (!recorded) return { received: true as const, duplicate: true, outcome };
    if (order && capture) await settleCapture(tx, log, { companyId, orderId: order.id }, capture);
    return { received: true as const, duplicate: false, outcome };
  });
}
