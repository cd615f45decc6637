import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DailyBars, SourcePie } from "@/components/ui/charts";
import { PeriodSelect } from "@/components/ui/period-select";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { formatDuration } from "@/lib/format-duration";
import { displayPhone } from "@/lib/phone-display";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { callTrackingKeys, fetchAnalytics } from "../api";

/** Analytics: the period's calls to tracking numbers; refreshed every 30 s and on each new call. */
export function AnalyticsTab() {
  const [days, setDays] = useState(7);
  const { dateTime } = useDisplayFormat();
  const analytics = useQuery({
    queryKey: callTrackingKeys.analytics(days),
    queryFn: ({ signal }) => fetchAnalytics(days, signal),
    refetchInterval: 30_000,
  });
  return (
    <div className="grid gap-4">
      <PeriodSelect days={days} onChange={setDays} />
      <QueryState query={analytics} label="Loading analytics" failure="Failed to load analytics">
        {(data) => (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Metric label="Total Calls" value={String(data.totalCalls)} />
              <Metric label="Answered Calls" value={String(data.answeredCalls)} />
              <Metric label="Answer Rate" value={`${data.answerRate}%`} />
              <Metric label="Avg Call Duration" value={formatDuration(data.averageDuration)} />
            </div>
            {data.totalCalls === 0 ? (
              <EmptyCard title="No tracked calls in this period">
                Calls to your tracking and DNI numbers appear here as they come in.
              </EmptyCard>
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                <Card>
                  <CardHeader>
                    <CardTitle>Calls by source</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <SourcePie slices={data.bySource} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>Daily volume</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <DailyBars days={data.byDay} />
                  </CardContent>
                </Card>
              </div>
            )}
            <Card>
              <CardHeader>
                <CardTitle>Recent calls</CardTitle>
                <CardDescription>The latest ten calls of the period.</CardDescription>
              </CardHeader>
              <CardContent>
                {data.recentCalls.length === 0 ? (
                  <p className="text-muted-foreground text-sm">No calls yet.</p>
                ) : (
                  <ul className="divide-y">
                    {data.recentCalls.map((c) => (
                      <li
                        key={c.id}
                        className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                      >
                        <span className="font-medium tabular-nums">
                          {c.callerNumber ? displayPhone(c.callerNumber) : "Unknown caller"}
                        </span>
                        <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                          {c.visitorSource && <Badge variant="secondary">{c.visitorSource}</Badge>}
                          {c.campaignId && <span>campaign {c.campaignId}</span>}
                          {c.attribution && (
                            <Badge
                              variant="outline"
                              title={
                                c.attribution === "visit"
                                  ? "The called number was shown to this visit alone"
                                  : "Several visits were shown this number, or none holds it any more: the latest visit is a guess"
                              }
                            >
                              {c.attribution === "visit" ? "own visit" : "latest visit"}
                            </Badge>
                          )}
                          <span>{c.status ?? "—"}</span>
                          <span className="tabular-nums">{formatDuration(c.duration ?? 0)}</span>
                          <time dateTime={c.createdAt}>{dateTime(c.createdAt)}</time>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardHeader className="px-4">
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-2xl tabular-nums">{value}</CardTitle>
      </CardHeader>
    </Card>
  );
}
