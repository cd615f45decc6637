import { PAYMENT_MESSAGES, type TCreateCreditOrder } from "@leadpost/shared";
import { useMutation } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { createCreditOrder } from "../api";
import { useBuyerId } from "./use-buyer-id";

/** The server's message for a failed payment call, else the spec's fallback text. */
export const paymentErrorMessage = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

/** Creates the PayPal order and sends the browser to PayPal's approval page. */
export function useStartPayPalCheckout() {
  const buyerId = useBuyerId();
  return useMutation({
    mutationFn: (input: TCreateCreditOrder) => createCreditOrder(buyerId, input),
    onSuccess: (order) => {
      if (!order.approveUrl) {
        toast.error(PAYMENT_MESSAGES.CREATE_FAILED);
        return;
      }
      window.location.assign(order.approveUrl);
    },
    // One toast: what failed as its title, the cause (PayPal unreachable, credentials refused…) below,
    // never the same words twice.
    onError: (error) => {
      const cause = paymentErrorMessage(error, PAYMENT_MESSAGES.PAYMENT_FAILED);
      toast.error(PAYMENT_MESSAGES.CREATE_FAILED, {
        id: "paypal-checkout",
        description: cause === PAYMENT_MESSAGES.CREATE_FAILED ? PAYMENT_MESSAGES.PAYMENT_FAILED : cause,
      });
    },
  });
}
