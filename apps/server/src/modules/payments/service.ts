import {
  CREDIT_PACKS,
  PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
  type TCaptureResult,
  type TCreateCreditOrder,
  type TCreditOrder,
} from "@leadpost/shared";
import { and, eq, ne } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { paymentOrders } from "../../db/schema";
import { keepTenantWrites } from "../../db/tenant-scope";
import {
  firstCapture,
  PayPalError,
  payPalFailureKind,
  type TPayPalOrder,
} from "../../integrations/paypal/client";
import { AppError } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { paypalForCompany } from "./paypal-settings";
import { settleCapture } from "./settle";

type TPaymentDeps = Pick<TDeps, "database" | "secretBox" | "config">;

/** The buyer's Buy Credits page, where PayPal returns the buyer (PayPal appends token=<order id>). */
export const checkoutReturnUrls = (publicUrl: string) => {
  const page = `${publicUrl.replace(/\/$/, "")}/buyer/buy-credits`;
  return { returnUrl: `${page}?paypal=return`, cancelUrl: `${page}?paypal=cancel` };
};

/** PayPal's refusal is recorded on the order even though the buyer's request is answered with an error. */
const paymentFailed = () => {
  keepTenantWrites();
  return new AppError("PAYMENT_FAILED", PAYMENT_MESSAGES.PAYMENT_FAILED);
};

/** create-credit-order: a PayPal order for packs × quantity with the company's own PayPal app. */
export async function createCreditOrder(
  deps: TPaymentDeps,
  ctx: TBuyerContext,
  input: TCreateCreditOrder,
  log: TLogger,
): Promise<TCreditOrder> {
  const pack = CREDIT_PACKS.find((p) => p.id === input.packId)!;
  const db = deps.database.db;
  const paypal = await paypalForCompany(deps, db, ctx.companyId);
  const orderId = crypto.randomUUID();
  const amountCents = pack.priceCents * input.quantity;
  const credits = pack.credits * input.quantity;
  let created: TPayPalOrder;
  try {
    created = await paypal.client.createOrder({
      amountCents,
      currency: PAYMENT_CURRENCY,
      referenceId: orderId,
      description: `${credits} lead credits (${pack.label} × ${input.quantity})`,
      requestId: `create-${orderId}`,
      ...checkoutReturnUrls(deps.config.publicUrl),
    });
  } catch (err) {
    log.warn({ err, companyId: ctx.companyId }, "PayPal order creation failed");
    throw paypalProblem(err);
  }
  await db.insert(paymentOrders).values({
    id: orderId,
    companyId: ctx.companyId,
    buyerId: ctx.buyerId,
    mode: paypal.mode,
    providerOrderId: created.id,
    packId: pack.id,
    quantity: input.quantity,
    credits,
    amountCents,
    currency: PAYMENT_CURRENCY,
    createdBy: ctx.userId,
  });
  return {
    id: created.id,
    status: created.status,
    credits,
    amount: (amountCents / 100).toFixed(2),
    currency: PAYMENT_CURRENCY,
    approveUrl: created.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null,
  };
}

/**
 * capture-credit-payment: captures the buyer's approved order at PayPal and settles it. Safe to call
 * again (PayPal-Request-Id makes PayPal answer the first capture; settlement books credits once).
 */
export async function captureCreditPayment(
  deps: TPaymentDeps,
  ctx: TBuyerContext,
  providerOrderId: string,
  log: TLogger,
): Promise<TCaptureResult> {
  const db = deps.database.db;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, "paypal"),
        eq(paymentOrders.providerOrderId, providerOrderId),
        eq(paymentOrders.companyId, ctx.companyId),
        eq(paymentOrders.buyerId, ctx.buyerId),
      ),
    );
  if (!order) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.ORDER_NOT_FOUND);
  const settle = (capture: Parameters<typeof settleCapture>[3]) =>
    db.transaction((tx) =>
      settleCapture(tx, log, { companyId: order.companyId, orderId: order.id }, capture),
    );
  if (order.status === "completed") return settle(null);

  // The order's own mode: switching the company to live later must not strand a sandbox order.
  const paypal = await paypalForCompany(deps, db, order.companyId, order.mode);
  let captured: TPayPalOrder;
  try {
    captured = await paypal.client.captureOrder(providerOrderId, `capture-${order.id}`);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 422) {
      // INSTRUMENT_DECLINED, ORDER_NOT_APPROVED and the like: the buyer's payment did not go through.
      log.info({ orderId: order.id, issue: err.issue }, "PayPal refused the capture");
      if (err.issue === "INSTRUMENT_DECLINED") {
        await db
          .update(paymentOrders)
          .set({ status: "declined" })
          .where(
            and(
              eq(paymentOrders.id, order.id),
              eq(paymentOrders.companyId, order.companyId),
              ne(paymentOrders.status, "completed"),
            ),
          );
      }
      throw paymentFailed();
    }
    log.warn({ err, orderId: order.id }, "PayPal capture failed");
    throw paypalProblem(err);
  }
  const result = await settle(firstCapture(captured));
  if (result.status === "declined" || result.status === "failed") throw paymentFailed();
  return result;
}

const FAILURE_TEXT = {
  unreachable: PAYMENT_MESSAGES.PAYPAL_UNREACHABLE,
  credentials: PAYMENT_MESSAGES.PAYPAL_CREDENTIALS_REFUSED,
  unavailable: PAYMENT_MESSAGES.PAYPAL_UNAVAILABLE,
  refused: PAYMENT_MESSAGES.PAYPAL_REFUSED,
} as const;

/** A PayPal failure as the buyer reads it: the cause in words (the screen's title says what failed). */
function paypalProblem(err: unknown): AppError {
  const text =
    err instanceof PayPalError ? FAILURE_TEXT[payPalFailureKind(err)] : PAYMENT_MESSAGES.PAYPAL_REFUSED;
  return new AppError("PAYMENT_PROVIDER_ERROR", text);
}
