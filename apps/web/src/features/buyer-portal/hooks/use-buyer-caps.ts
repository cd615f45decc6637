import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { capsQueryKey, fetchCapUsage, pauseLeads, resumeLeads } from "../caps-api";
import { buyerPortalKeys } from "../query-keys";
import { useBuyerId } from "./use-buyer-id";

/** The buyer's caps with today's, this week's and this month's counts, and whether leads are paused. */
export function useCapUsage() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: capsQueryKey(buyerId),
    queryFn: ({ signal }) => fetchCapUsage(buyerId, signal),
    retry: false,
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Pause (until an ISO moment, or indefinitely with null) or resume; previews change with it. */
export function usePauseLeads(onDone?: () => void) {
  const buyerId = useBuyerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { pause: false } | { pause: true; until: string | null }) =>
      v.pause ? pauseLeads(buyerId, v.until) : resumeLeads(buyerId),
    onSuccess: (result) => {
      queryClient.setQueryData(capsQueryKey(buyerId), result.usage);
      void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.all(buyerId) });
      toast.success(result.message);
      onDone?.();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
}
