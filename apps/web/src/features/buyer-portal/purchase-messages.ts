import { isApiError } from "@/lib/api-error";

/** Spec 003 §8 purchase toasts: a title and a description. */
export type TToastText = { title: string; description: string };

export const PURCHASE_TOASTS = {
  success: { title: "Lead Purchased", description: "The full lead is now in My Leads." },
  idempotent: { title: "Lead Already Purchased", description: "This lead is already in My Leads." },
  insufficient: {
    title: "Insufficient Credits",
    description: "Please ask your organization to purchase more credits.",
  },
  already: { title: "Already Purchased", description: "You have already purchased this lead." },
  failedFallback: "Failed to purchase lead. Please try again.",
} as const;

/** Maps a failed purchase call to the spec's toast. */
export function purchaseErrorToast(error: unknown): TToastText {
  if (isApiError(error)) {
    if (error.code === "INSUFFICIENT_CREDITS" || error.status === 402) return PURCHASE_TOASTS.insufficient;
    if (error.code === "ALREADY_PURCHASED") return PURCHASE_TOASTS.already;
    if (!error.isNetworkError && error.status < 500 && error.message) {
      return { title: "Purchase Failed", description: error.message };
    }
  }
  return { title: "Purchase Failed", description: PURCHASE_TOASTS.failedFallback };
}
