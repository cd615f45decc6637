import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "@/lib/live-events";
import { callTrackingKeys } from "../api";

/** A tracked call logged or changed anywhere: the analytics and sessions lists refresh at once. */
export function useCallTrackingLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callTrackingKeys.all });
  useLiveEvents(["call_tracked"], refresh, { onReconnect: refresh });
}
