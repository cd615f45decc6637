import { useQuery } from "@tanstack/react-query";
import { Clock, Percent, PhoneIncoming, PhoneMissed, Voicemail } from "lucide-react";
import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DailyBars } from "@/components/ui/charts";
import { PeriodSelect } from "@/components/ui/period-select";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { StatTile } from "@/components/ui/stat-tile";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { callCenterKeys, fetchMetrics } from "../api";
import { formatDuration, showNumber } from "../lib/format";

/**
 * Answer rate (calls a person answered, by the Dial outcome), average duration of answered calls, missed
 * calls and voicemails, calls by day and by number; refreshed every 30 s. Test calls are not counted.
 */
export function CallAnalyticsTab() {
  const [days, setDays] = useState(7);
  const { locale } = useDisplayFormat();
  const metrics = useQuery({
    queryKey: callCenterKeys.metrics(days),
    queryFn: ({ signal }) => fetchMetrics(days, signal),
    refetchInterval: 30_000,
  });
  return (
    <div className="grid grid-cols-1 gap-4">
      <PeriodSelect days={days} onChange={setDays} />
      <QueryState query={metrics} label="Loading call analytics" failure="Failed to refresh call data">
        {(m) => (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
              <StatTile title="Total Calls" icon={PhoneIncoming} value={m.totalCalls} locale={locale} />
              <StatTile title="Answer Rate" icon={Percent} value={`${m.answerRate}%`} />
              <StatTile title="Avg Duration" icon={Clock} value={formatDuration(m.averageDuration)} />
              <StatTile title="Missed Calls" icon={PhoneMissed} value={m.missedCalls} locale={locale} />
              <StatTile title="Voicemails" icon={Voicemail} value={m.voicemailCalls} locale={locale} />
            </div>
            {m.totalCalls === 0 ? (
              <EmptyCard title="No calls in this period">
                Choose a longer period. Test calls are not counted here.
              </EmptyCard>
            ) : (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <Card>
                  <CardHeader>
                    <CardTitle>Calls by day</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <DailyBars days={m.byDay} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>Calls by number</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <Table aria-label="Calls by number">
                      <TableHeader>
                        <TableRow>
                          <TableHead>Number</TableHead>
                          <TableHead className="text-right">Calls</TableHead>
                          <TableHead className="text-right">Answered</TableHead>
                          <TableHead className="text-right">Answer rate</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {m.byNumber.map((row) => (
                          <TableRow key={row.number}>
                            <TableCell className="whitespace-nowrap">{showNumber(row.number)}</TableCell>
                            <TableCell className="text-right tabular-nums">{row.calls}</TableCell>
                            <TableCell className="text-right tabular-nums">{row.answered}</TableCell>
                            <TableCell className="text-right tabular-nums">
                              {row.calls ? Math.round((row.answered / row.calls) * 100) : 0}%
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </CardContent>
                </Card>
              </div>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
