import { useQuery } from "@tanstack/react-query";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { callCenterKeys, fetchCallHistory } from "../api";
import { useDeleteCalls } from "../hooks/use-delete-calls";
import { showNumber } from "../lib/format";
import { CallTable } from "./call-table";
import { DeleteCallsControls } from "./delete-calls-controls";
import { RecordingPlayer } from "./recording-player";

/** 002 §9: the latest 100 calls, refreshed every 10 s, with their recordings. */
export function CallHistoryTab({ canChange }: { canChange: boolean }) {
  const history = useQuery({
    queryKey: callCenterKeys.history,
    queryFn: ({ signal }) => fetchCallHistory(signal),
    refetchInterval: 10_000,
  });
  const deletion = useDeleteCalls();
  return (
    <section aria-labelledby="call-history" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="call-history" className="font-semibold">
          Call history
        </h2>
        {canChange && <DeleteCallsControls state={deletion} />}
      </div>
      <QueryState query={history} label="Loading call history" failure="Failed to refresh call data">
        {({ calls }) =>
          calls.length === 0 ? (
            <EmptyCard title="No calls yet">
              Calls to your Twilio numbers are listed here. Try Test Call Center to see one.
            </EmptyCard>
          ) : (
            <CallTable
              calls={calls}
              label="Call history"
              selected={canChange ? deletion.selected : undefined}
              onSelectedChange={canChange ? deletion.setSelected : undefined}
              extra={{
                header: "Recording",
                cell: (call) =>
                  call.recordingUrl ? (
                    <RecordingPlayer
                      url={call.recordingUrl}
                      label={`the recording of the call from ${showNumber(call.fromNumber)}`}
                    />
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  ),
              }}
            />
          )
        }
      </QueryState>
    </section>
  );
}
