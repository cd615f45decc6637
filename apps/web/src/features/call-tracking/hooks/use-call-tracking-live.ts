import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callTrackingKeys } from "../api";

/** A tracked call logged or changed anywhere: the analytics and sessions lists refresh at once. */
export function useCallTrackingLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: callTrackingKeys.all });
    source.addEventListener("call_tracked", refresh);
    return () => source.close();
  }, [queryClient]);
}
