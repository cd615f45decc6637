import type { TBuyerResult } from "@leadpost/shared";
import { BUYER_MESSAGES } from "@leadpost/shared/domain/buyers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, isApiError, TIMEOUT_ERROR_CODE } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { archiveBuyer, buyersQueryKey, setBuyerStatus } from "../api";

/** Everything a buyer change can make stale: lists, counts, niches' buyer counts and the map. */
export function useInvalidateBuyers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: buyersQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["buyers-map"] });
    void queryClient.invalidateQueries({ queryKey: ["niches"] });
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** 001 §8 texts for a failed save; the server's own text when it already is the spec's. */
export function saveErrorMessage(error: unknown, action: "create" | "update"): string {
  const api = isApiError(error) ? (error as ApiError) : null;
  if (api?.code === TIMEOUT_ERROR_CODE || api?.status === 504)
    return `Server timeout ${action === "create" ? "creating" : "updating"} buyer. Please try again.`;
  if (api && (api.status === 403 || api.status === 409 || api.status === 404)) return api.message;
  if (api?.status === 422)
    return api.fields ? BUYER_MESSAGES.INVALID_FORM : `Validation error: ${api.message}`;
  return `Failed to ${action} buyer: ${messageOf(error)}`;
}

export function useBuyerStatusMutation() {
  const invalidate = useInvalidateBuyers();
  return useMutation({
    mutationFn: (v: { buyerId: string; status: "active" | "inactive" }) =>
      setBuyerStatus(v.buyerId, v.status),
    onSuccess: (result: TBuyerResult) => {
      toast.success(result.message);
      invalidate();
    },
    onError: (error) => toast.error(`Failed to update buyer status: ${messageOf(error)}`),
  });
}

export function archiveErrorMessage(error: unknown): string {
  const api = isApiError(error) ? error : null;
  if (api?.code === TIMEOUT_ERROR_CODE) return "Delete operation timed out. Please try again.";
  if (api && [403, 404, 409, 422].includes(api.status)) return api.message;
  return `Failed to archive buyer: ${messageOf(error)}`;
}

export function useArchiveBuyerMutation(onDone: () => void) {
  const invalidate = useInvalidateBuyers();
  return useMutation({
    mutationFn: (v: { buyerId: string; confirmName: string }) => archiveBuyer(v.buyerId, v.confirmName),
    onSuccess: (result) => {
      toast.success(result.message);
      invalidate();
      onDone();
    },
    onError: (error) => toast.error(archiveErrorMessage(error)),
  });
}
