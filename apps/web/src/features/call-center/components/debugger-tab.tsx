import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { callCenterKeys, fetchDebugger } from "../api";
import { formatDuration, showNumber } from "../lib/format";

/** Debugger: can we reach Twilio, what Twilio says about recent calls, what failed here (002). */
export function DebuggerTab() {
  const { dateTime } = useDisplayFormat();
  const debug = useQuery({
    queryKey: callCenterKeys.debugger,
    queryFn: ({ signal }) => fetchDebugger(signal),
  });
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void debug.refetch()} disabled={debug.isFetching}>
          <RefreshCw aria-hidden="true" className={debug.isFetching ? "animate-spin" : undefined} />
          Run checks again
        </Button>
      </div>
      <QueryState query={debug} label="Running call center checks" failure="Failed to load the debugger">
        {(d) => (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Permissions check</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="mb-3 text-sm">
                  {d.permissions.status}
                  {d.permissions.accountSid && (
                    <span className="text-muted-foreground"> · Account {d.permissions.accountSid}</span>
                  )}
                </p>
                <ul className="grid grid-cols-1 gap-2" aria-label="Permissions check">
                  {d.permissions.checks.map((p) => (
                    <li key={p.key} className="flex items-start gap-2 text-sm">
                      {p.ok ? (
                        <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-label="Passed" />
                      ) : (
                        <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
                      )}
                      <span>
                        <span className="font-medium">{p.label}</span>
                        {p.detail && <span className="text-muted-foreground"> — {p.detail}</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Provider calls</CardTitle>
                <CardDescription>The latest calls as Twilio reports them.</CardDescription>
              </CardHeader>
              <CardContent>
                {d.providerError ? (
                  <p role="alert" className="text-destructive text-sm">
                    {d.providerError}
                  </p>
                ) : d.providerCalls.length === 0 ? (
                  <p className="text-muted-foreground text-sm">Twilio reports no calls yet.</p>
                ) : (
                  <Table aria-label="Provider calls">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Started</TableHead>
                        <TableHead>From</TableHead>
                        <TableHead>To</TableHead>
                        <TableHead>Status</TableHead>
                        <TableHead>Duration</TableHead>
                        <TableHead>Error</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {d.providerCalls.map((c) => (
                        <TableRow key={c.sid}>
                          <TableCell className="whitespace-nowrap">
                            {c.startTime ? dateTime(c.startTime) : "—"}
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{showNumber(c.from)}</TableCell>
                          <TableCell className="whitespace-nowrap">{showNumber(c.to)}</TableCell>
                          <TableCell>
                            <Badge variant="secondary">{c.status}</Badge>
                          </TableCell>
                          <TableCell className="tabular-nums">{formatDuration(c.duration)}</TableCell>
                          <TableCell title={c.errorMessage ?? undefined}>{c.errorCode ?? "—"}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Local errors</CardTitle>
                <CardDescription>Calls that failed on this side recently.</CardDescription>
              </CardHeader>
              <CardContent>
                {d.localErrors.length === 0 ? (
                  <p className="text-muted-foreground text-sm">No errors recorded.</p>
                ) : (
                  <ul className="grid grid-cols-1 gap-2 text-sm" aria-label="Local errors">
                    {d.localErrors.map((e) => (
                      <li key={e.id} className="grid grid-cols-1 gap-0.5">
                        <span>
                          <span className="text-muted-foreground">{dateTime(e.createdAt)}</span>{" "}
                          {showNumber(e.fromNumber)} → {showNumber(e.toNumber)}: {e.errorMessage}
                          {e.errorCode && <span className="font-mono"> ({e.errorCode})</span>}
                        </span>
                        {e.moreInfo && (
                          <a
                            href={e.moreInfo}
                            target="_blank"
                            rel="noreferrer"
                            className="text-primary text-xs underline"
                          >
                            What this error means
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Error codes</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                  {d.legend.map((l) => (
                    <div key={l.code} className="contents">
                      <dt className="font-medium font-mono">{l.code}</dt>
                      <dd className="text-muted-foreground">{l.meaning}</dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
