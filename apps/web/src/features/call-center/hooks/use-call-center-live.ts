import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "@/lib/live-events";
import { callCenterKeys } from "../api";

/** A call or voicemail changed anywhere (a webhook, a test call, another tab): every list refreshes. */
export function useCallCenterLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
  useLiveEvents(["call_updated"], refresh, { onReconnect: refresh });
}
