import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { presentApiError } from "@/lib/api-error-presenter";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { callCenterKeys, fetchVoicemails, markVoicemailRead } from "../api";
import { formatDuration, showNumber } from "../lib/format";
import { RecordingPlayer } from "./recording-player";

/** 002 §9: the latest 20 voicemails; unread ones stand out until marked read. */
export function VoicemailsTab() {
  const { dateTime } = useDisplayFormat();
  const queryClient = useQueryClient();
  const voicemails = useQuery({
    queryKey: callCenterKeys.voicemails,
    queryFn: ({ signal }) => fetchVoicemails(signal),
  });
  const markRead = useMutation({
    mutationFn: markVoicemailRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callCenterKeys.voicemails }),
    onError: (err) => toast.error(presentApiError(err).message),
  });
  return (
    <QueryState query={voicemails} label="Loading voicemails" failure="Failed to load voicemails">
      {({ voicemails: list }) =>
        list.length === 0 ? (
          <EmptyCard title="No voicemails">
            Callers who reach nobody can leave a message; it shows here with its transcription.
          </EmptyCard>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Voicemails">
            {list.map((vm) => (
              <li key={vm.id}>
                <Card className={vm.isRead ? "py-4" : "border-primary/50 py-4"}>
                  <CardContent className="grid grid-cols-1 gap-2 px-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{showNumber(vm.fromNumber)}</span>
                        {!vm.isRead && <Badge>Unread</Badge>}
                        <span className="text-muted-foreground text-sm">
                          {dateTime(vm.createdAt)} · {formatDuration(vm.duration)}
                        </span>
                      </div>
                      {!vm.isRead && (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={markRead.isPending && markRead.variables === vm.id}
                          onClick={() => markRead.mutate(vm.id)}
                        >
                          <Check aria-hidden="true" />
                          Mark as read
                        </Button>
                      )}
                    </div>
                    <p className="text-sm">
                      {vm.transcription ?? <span className="text-muted-foreground">No transcription</span>}
                    </p>
                    {vm.recordingUrl && (
                      <RecordingPlayer
                        url={vm.recordingUrl}
                        label={`the voicemail from ${showNumber(vm.fromNumber)}`}
                      />
                    )}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
