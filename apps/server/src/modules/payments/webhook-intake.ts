import { PAYMENT_MESSAGES } from "@leadpost/shared";
import type { Context } from "hono";
import type { DbOrTx } from "../../db/client";
import { paymentWebhookEvents } from "../../db/schema";
import { PayPalError, type TPayPalClient } from "../../integrations/paypal/client";
import { AppError } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";

/**
 * The one way a PayPal webhook enters the product (a company's credit payments and the platform's
 * subscriptions alike): read its signature headers, parse, verify with PayPal's
 * verify-webhook-signature, and record each event id once.
 */
export type TPayPalEvent = { id: string; event_type: string; resource: unknown };

/** A PayPal app that may have sent the event; throws an AppError when it is not configured. */
export type TWebhookApp = () => Promise<{ client: TPayPalClient; webhookId: string | null | undefined }>;

const SIGNATURE_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
];

export const payPalWebhookHeaders = (c: Context): Record<string, string | undefined> =>
  Object.fromEntries(SIGNATURE_HEADERS.map((h) => [h, c.req.header(h)]));

const invalid = () => new AppError("WEBHOOK_INVALID", PAYMENT_MESSAGES.WEBHOOK_INVALID);

/** The whole event as sent (PayPal verifies the signature over all of it), with its id and type checked. */
function parseEvent(rawBody: string): TPayPalEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw invalid();
  }
  if (!isEvent(event)) throw invalid();
  return event;
}

const isEvent = (value: unknown): value is TPayPalEvent =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { id?: unknown }).id === "string" &&
  typeof (value as { event_type?: unknown }).event_type === "string";

/**
 * The event, verified by the first of `apps` that signs it. An app that is not configured, or that
 * PayPal answers 4xx for, does not verify it; PayPal unreachable answers 503 so PayPal delivers again.
 */
export async function verifiedPayPalEvent(
  rawBody: string,
  headers: Record<string, string | undefined>,
  apps: (event: TPayPalEvent) => Promise<TWebhookApp[]> | TWebhookApp[],
  log: TLogger,
): Promise<TPayPalEvent> {
  const event = parseEvent(rawBody);
  for (const app of await apps(event)) {
    try {
      const { client, webhookId } = await app();
      if (!webhookId) continue;
      if (await client.verifyWebhookSignature({ webhookId, headers, event })) return event;
    } catch (err) {
      if (err instanceof AppError) continue;
      if (err instanceof PayPalError && err.status >= 400 && err.status < 500) continue;
      throw new AppError("UNAVAILABLE", "PayPal could not be reached to verify the webhook");
    }
  }
  log.warn(
    { eventId: event.id, eventType: event.event_type },
    "PayPal webhook refused: signature not verified",
  );
  throw invalid();
}

/**
 * Records the event once; null when it was recorded before (a redelivery waits for the first one's
 * transaction, then finds its row), so the caller changes nothing.
 */
export async function recordPayPalEventOnce(
  tx: DbOrTx,
  row: {
    companyId: string;
    eventId: string;
    eventType: string;
    resourceId: string | null;
    outcome: "processed" | "ignored";
  },
): Promise<string | null> {
  const [recorded] = await tx
    .insert(paymentWebhookEvents)
    .values(row)
    .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
    .returning({ id: paymentWebhookEvents.id });
  return recorded?.id ?? null;
}
