import { PAYMENT_MESSAGES } from "@leadpost/shared";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { captureCreditOrder } from "../api";
import { useBuyerId, useRefreshBuyerPortal } from "../hooks/use-buyer-portal";
import { paymentErrorMessage } from "../hooks/use-paypal-checkout";

/** Spec 002: the text shown when the buyer cancels at PayPal. */
export const PAYMENT_CANCELLED = "Payment cancelled";

/**
 * Orders already captured from this tab: StrictMode runs effects twice and the page may remount, but a
 * return from PayPal is captured once (the server is idempotent as well).
 */
const handledTokens = new Set<string>();

/**
 * Handles PayPal sending the buyer back to Buy Credits: `?paypal=return&token=<order id>` captures the
 * order, `?paypal=cancel` says the payment was cancelled. The query string is removed either way.
 */
export function PayPalReturn() {
  const buyerId = useBuyerId();
  const refresh = useRefreshBuyerPortal();
  const [params, setParams] = useSearchParams();
  const outcome = params.get("paypal");
  const token = params.get("token");
  // StrictMode runs this effect twice for one return; the second run must not toast again.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (outcome !== "return" && outcome !== "cancel") return;
    const key = `${outcome}:${token ?? ""}`;
    if (handled.current === key) return;
    handled.current = key;
    setParams({}, { replace: true });
    if (outcome === "cancel") {
      toast.info(PAYMENT_CANCELLED);
      return;
    }
    if (!token || handledTokens.has(token)) return;
    handledTokens.add(token);
    captureCreditOrder(buyerId, token).then(
      (result) => {
        if (result.status === "pending") toast.info(PAYMENT_MESSAGES.PAYMENT_PENDING);
        else
          toast.success("Credits added", {
            description: `${result.credits} credits added. New balance: ${result.newBalance} credits.`,
          });
        void refresh();
      },
      (error: unknown) =>
        toast.error(PAYMENT_MESSAGES.COMPLETE_FAILED, {
          description: paymentErrorMessage(error, PAYMENT_MESSAGES.PAYMENT_FAILED),
        }),
    );
  }, [outcome, token, buyerId, refresh, setParams]);

  return null;
}
