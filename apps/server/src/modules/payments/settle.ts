import { PAYMENT_MESSAGES, type TCaptureResult } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyers, paymentOrders } from "../../db/schema";
import { amountToCents, type TPayPalCapture } from "../../integrations/paypal/client";
import type { TLogger } from "../../lib/logger";
import { bookCredit, lockBuyer } from "../credits";

async function balanceOf(tx: DbOrTx, companyId: string, buyerId: string) {
  const [row] = await tx
    .select({ creditBalance: buyers.creditBalance })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, companyId)));
  return row?.creditBalance ?? 0;
}

/**
 * Applies what PayPal says about an order's capture, exactly once. The payment order row is locked
 * first, so the capture answer and a webhook arriving together take turns; credits are booked only
 * for a COMPLETED capture of exactly the order's amount and currency, with the capture id as the
 * ledger's idempotency key (a second booking of one capture is impossible even across orders).
 */
export async function settleCapture(
  tx: DbOrTx,
  log: TLogger,
  ref: { companyId: string; orderId: string },
  capture: TPayPalCapture | null,
): Promise<TCaptureResult> {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, ref.orderId), eq(paymentOrders.companyId, ref.companyId)))
    .for("update");
  if (!order) throw new Error(`payment order ${ref.orderId} vanished`);
  const answer = async (status: TCaptureResult["status"], credits: number, idempotent: boolean) => ({
    status,
    credits,
    newBalance: await balanceOf(tx, order.companyId, order.buyerId),
    idempotent,
  });
  if (order.status === "completed") return answer("completed", order.credits, true);
  if (!capture) return answer(order.status, 0, false);

  const setStatus = (status: "pending" | "declined" | "failed") =>
    tx
      .update(paymentOrders)
      .set({ status, captureId: capture.id })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.companyId, order.companyId)));

  if (capture.status === "PENDING") {
    await setStatus("pending");
    return answer("pending", 0, false);
  }
  if (capture.status !== "COMPLETED") {
    await setStatus("declined");
    return answer("declined", 0, false);
  }
  const cents = amountToCents(capture.amount?.value ?? "");
  if (cents !== order.amountCents || capture.amount.currency_code !== order.currency) {
    log.warn(
      { orderId: order.id, captureId: capture.id, expected: order.amountCents, got: capture.amount },
      "PayPal capture amount does not match the order: no credits added",
    );
    await setStatus("failed");
    return answer("failed", 0, false);
  }

  const buyer = await lockBuyer(tx, order.companyId, order.buyerId);
  if (!buyer) throw new Error(`buyer of payment order ${order.id} vanished`);
  const booked = await bookCredit(tx, buyer, "purchase", order.credits, {
    reason: PAYMENT_MESSAGES.PACK_REASON,
    notes: `${order.packId} × ${order.quantity}, PayPal capture ${capture.id}`,
    paymentOrderId: order.id,
    idempotencyKey: `paypal-capture:${capture.id}`,
    createdBy: order.createdBy,
  });
  await tx
    .update(paymentOrders)
    .set({ status: "completed", captureId: capture.id, creditTransactionId: booked.entry.id })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.companyId, order.companyId)));
  return { status: "completed", credits: order.credits, newBalance: booked.newBalance, idempotent: false };
}
