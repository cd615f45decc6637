import { useQuery } from "@tanstack/react-query";
import { Activity, Percent, PhoneIncoming, Users } from "lucide-react";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { StatTile } from "@/components/ui/stat-tile";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { callCenterKeys, fetchLiveCalls, fetchMetrics } from "../api";
import { useDeleteCalls } from "../hooks/use-delete-calls";
import { CallTable } from "./call-table";
import { DeleteCallsControls } from "./delete-calls-controls";

/** 002 §9: live calls refresh every 2 s (and at once on a pushed change), metrics every 5 s. */
export function LiveDashboardTab({ canChange }: { canChange: boolean }) {
  const live = useQuery({
    queryKey: callCenterKeys.live,
    queryFn: ({ signal }) => fetchLiveCalls(signal),
    refetchInterval: 2000,
  });
  const metrics = useQuery({
    queryKey: callCenterKeys.metrics(1),
    queryFn: ({ signal }) => fetchMetrics(1, signal),
    refetchInterval: 5000,
  });
  const deletion = useDeleteCalls();
  const { count, locale } = useDisplayFormat();
  const m = metrics.data;
  const error = metrics.isError ? "Failed to refresh call data" : null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile
          title="Active Calls"
          icon={Activity}
          value={m?.activeCalls}
          loading={metrics.isPending}
          error={error}
          locale={locale}
        />
        <StatTile
          title="Calls, last 24 hours"
          icon={PhoneIncoming}
          value={m?.totalCalls}
          loading={metrics.isPending}
          error={error}
          locale={locale}
          hint={
            m
              ? `${count(m.completedCalls)} answered, ${count(m.missedCalls)} missed, ${count(m.voicemailCalls)} voicemail`
              : undefined
          }
        />
        <StatTile
          title="Answer Rate"
          icon={Percent}
          value={m ? `${m.answerRate}%` : undefined}
          loading={metrics.isPending}
          error={error}
          locale={locale}
        />
        <StatTile
          title="Available Agents"
          icon={Users}
          value={m?.availableAgents}
          loading={metrics.isPending}
          error={error}
          locale={locale}
        />
      </div>
      <section aria-labelledby="live-calls" className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="live-calls" className="font-semibold">
            Live calls
          </h2>
          {canChange && <DeleteCallsControls state={deletion} />}
        </div>
        <QueryState query={live} label="Loading live calls" failure="Failed to refresh call data">
          {({ calls }) =>
            calls.length === 0 ? (
              <EmptyCard title="No live calls right now">
                Calls that are ringing or in progress show here as they happen.
              </EmptyCard>
            ) : (
              <CallTable
                calls={calls}
                label="Live calls"
                selected={canChange ? deletion.selected : undefined}
                onSelectedChange={canChange ? deletion.setSelected : undefined}
              />
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
