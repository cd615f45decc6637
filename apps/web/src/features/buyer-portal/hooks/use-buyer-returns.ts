import type { TFileReturn } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { buyerPortalKeys, buyerReturnKeys, fetchBuyerReturns, fileLeadReturn } from "../api";
import { useBuyerId } from "./use-buyer-id";

/** The buyer's returns with their state, and the policy a new return must meet. */
export function useBuyerReturns() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerReturnKeys(buyerId),
    queryFn: ({ signal }) => fetchBuyerReturns(buyerId, signal),
  });
}

/** Files a return; the returns list and the balance (an auto-approved return refunds at once) reload. */
export function useFileReturn() {
  const buyerId = useBuyerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TFileReturn) => fileLeadReturn(buyerId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: buyerReturnKeys(buyerId) });
      void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.summary(buyerId) });
    },
  });
}
