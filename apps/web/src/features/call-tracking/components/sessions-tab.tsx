import { CALL_TRACKING_MESSAGES } from "@leadpost/shared/domain/call-tracking";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { displayPhone } from "@/lib/phone-display";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { callTrackingKeys, fetchSessions } from "../api";

/** Recent Sessions: the latest 100 visits the script recorded, with the number each was shown. */
export function SessionsTab() {
  const { dateTime } = useDisplayFormat();
  const sessions = useQuery({
    queryKey: callTrackingKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
  });
  return (
    <QueryState
      query={sessions}
      label="Loading sessions"
      failure={CALL_TRACKING_MESSAGES.SESSIONS_FETCH_FAILED}
    >
      {(data) =>
        data.sessions.length === 0 ? (
          <EmptyCard title="No visits recorded yet">
            Visits appear here once the script from Setup Instructions is on your site.
          </EmptyCard>
        ) : (
          <Card className="overflow-x-auto py-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Source</TableHead>
                  <TableHead>Campaign</TableHead>
                  <TableHead>Number shown</TableHead>
                  <TableHead>Landing page</TableHead>
                  <TableHead>Referrer</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.sessions.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={s.createdAt}>{dateTime(s.createdAt)}</time>
                    </TableCell>
                    <TableCell>
                      <Badge variant="secondary">{s.source ?? s.utmSource ?? "direct"}</Badge>
                    </TableCell>
                    <TableCell>{s.utmCampaign ?? "—"}</TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {s.number ? displayPhone(s.number.phoneNumber) : "—"}
                    </TableCell>
                    <TableCell className="max-w-64 truncate" title={s.landingPage ?? undefined}>
                      {s.landingPage ?? "—"}
                    </TableCell>
                    <TableCell className="max-w-48 truncate" title={s.referrer ?? undefined}>
                      {s.referrer ?? "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        )
      }
    </QueryState>
  );
}
