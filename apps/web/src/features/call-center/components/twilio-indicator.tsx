import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { callCenterKeys, fetchStatus } from "../api";

/** "Twilio Connected" or "Twilio Not Configured" (002): connected once the saved credentials passed a check with Twilio. */
export function TwilioIndicator() {
  const status = useQuery({ queryKey: callCenterKeys.status, queryFn: ({ signal }) => fetchStatus(signal) });
  if (!status.data) return null;
  return status.data.twilioConfigured ? (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" />
      Twilio Connected
    </Badge>
  ) : (
    <Badge variant="warning">
      <CircleAlert aria-hidden="true" />
      Twilio Not Configured
    </Badge>
  );
}
