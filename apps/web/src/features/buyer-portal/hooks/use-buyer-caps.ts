import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { buyerPortalKeys, fetchCapUsage, pauseLeads, resumeLeads } from "../api";
import { useBuyerId } from "./use-buyer-id";

/** The buyer's caps with today's, this week's and this month's counts, and whether leads are paused. */
export function useCapUsage() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.caps(buyerId),
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
      queryClient.setQueryData(buyerPortalKeys.caps(buyerId), result.usage);
      void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.all(buyerId) });
      toast.success(result.message);
      onDone?.();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
}
