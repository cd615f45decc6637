import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { QueryState } from "@/components/ui/query-states";
import { callCenterKeys, fetchStatus } from "../../api";

/** The Twilio connection and the two addresses each Twilio number calls. */
export function GeneralSettings() {
  const status = useQuery({ queryKey: callCenterKeys.status, queryFn: ({ signal }) => fetchStatus(signal) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>General Settings</CardTitle>
        <CardDescription>
          Adding a number in Phone Setup sets these addresses on it in your Twilio account; they are shown
          here to check a number in the Twilio console. Credentials (Account SID and Auth Token) live in{" "}
          <Link to="/owner/settings?tab=twilio" className="text-primary underline">
            Settings → Twilio
          </Link>
          ; calls are checked against the Auth Token's signature.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={status} label="Loading call center settings" failure="Failed to load settings">
          {(s) => (
            <div className="grid grid-cols-1 gap-4">
              <CopyField id="voice-url" label='"A call comes in" webhook (HTTP POST)' value={s.voiceUrl} />
              <CopyField
                id="status-url"
                label='"Call status changes" callback (HTTP POST)'
                value={s.statusCallbackUrl}
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
