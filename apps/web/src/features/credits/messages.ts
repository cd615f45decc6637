import { isApiError } from "@/lib/api-error";

/** The ledger screen's submit-failure texts (002 §8), each with the request id. */
export function adjustmentErrorToast(error: unknown): { title: string; description: string } {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return { title: "Offline", description: "You appear to be offline. Please check your connection." };
  }
  if (isApiError(error)) {
    const id = error.requestId ? ` (Request ID: ${error.requestId})` : "";
    if (error.code === "TIMEOUT") {
      return {
        title: "Request Timeout",
        description: `The request took too long to complete. Please try again.${id}`,
      };
    }
    if (error.isNetworkError) {
      return {
        title: "Network Error",
        description: `Unable to connect to the server. Please check your internet connection.${id}`,
      };
    }
    const title = error.code.startsWith("INVALID_") ? "Invalid Input" : "Error";
    return { title, description: `${error.message || "An unexpected error occurred"}${id}` };
  }
  return { title: "Error", description: "An unexpected error occurred" };
}
