import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callCenterKeys } from "../api";

/** A call or voicemail changed anywhere (a webhook, a test call, another tab): every list refreshes. */
export function useCallCenterLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
    source.addEventListener("call_updated", refresh);
    return () => source.close();
  }, [queryClient]);
}
