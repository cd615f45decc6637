import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { toast } from "@/lib/toast";
import { callCenterKeys, fetchStatus } from "../../api";

/** The Twilio connection and the two addresses each Twilio number must call. */
export function GeneralSettings() {
  const status = useQuery({ queryKey: callCenterKeys.status, queryFn: ({ signal }) => fetchStatus(signal) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>General Settings</CardTitle>
        <CardDescription>
          In the Twilio console, open each phone number and paste these addresses. Credentials (Account SID
          and Auth Token) live in{" "}
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

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Copy ${label}`}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success("Copied"),
              () => toast.error("Copy failed: select the address and copy it yourself"),
            )
          }
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
