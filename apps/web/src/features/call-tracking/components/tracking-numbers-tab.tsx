import type { TTrackingNumber } from "@leadpost/shared";
import { CALL_TRACKING_MESSAGES } from "@leadpost/shared/domain/call-tracking";
import { useQuery } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { displayPhone } from "@/lib/phone-display";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { callTrackingKeys, deleteTrackingNumber, fetchTrackingNumbers } from "../api";
import { TrackingNumberDialog } from "./tracking-number-dialog";

/** Call Tracking tab: numbers that log each call with its source and campaign. */
export function TrackingNumbersTab() {
  const isAdmin = useIsCompanyAdmin();
  const list = useQuery({
    queryKey: callTrackingKeys.trackingNumbers,
    queryFn: ({ signal }) => fetchTrackingNumbers(signal),
  });
  const [adding, setAdding] = useState(false);
  const removal = useConfirmedRemoval<TTrackingNumber>({
    remove: (n) => deleteTrackingNumber(n.id),
    invalidate: callTrackingKeys.trackingNumbers,
    failure: (reason) => CALL_TRACKING_MESSAGES.TRACKING_DELETE_FAILED.replace("{message}", reason),
    title: () => "Delete tracking number",
    description: "New calls to this number are no longer tracked. Calls already logged stay in Analytics.",
  });

  return (
    <div className="grid gap-3">
      {isAdmin && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add Tracking Number
          </Button>
        </div>
      )}
      <QueryState query={list} label="Loading tracking numbers" failure="Failed to load tracking numbers">
        {(data) =>
          data.trackingNumbers.length === 0 ? (
            <EmptyCard title="No tracking numbers yet">
              Link one of your Twilio numbers to a source and campaign to see where calls come from.
            </EmptyCard>
          ) : (
            <Card className="overflow-x-auto py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Number</TableHead>
                    <TableHead className="hidden sm:table-cell">Source</TableHead>
                    <TableHead className="hidden md:table-cell">Campaign</TableHead>
                    <TableHead className="hidden sm:table-cell">Forwards to</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="w-0 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.trackingNumbers.map((t) => (
                    <TableRow key={t.id}>
                      <TableCell className="whitespace-nowrap font-medium tabular-nums">
                        {t.phoneNumber ? displayPhone(t.phoneNumber) : "—"}
                        {/* On a phone the other columns are folded under the number. */}
                        <span className="block whitespace-normal font-normal text-muted-foreground text-xs sm:hidden">
                          {t.source.replace("_", " ")} →{" "}
                          {t.destinationNumber ? displayPhone(t.destinationNumber) : "—"}
                          {t.campaignId ? ` · ${t.campaignId}` : ""}
                        </span>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{t.source.replace("_", " ")}</TableCell>
                      <TableCell className="hidden md:table-cell">{t.campaignId ?? "—"}</TableCell>
                      <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                        {t.destinationNumber ? displayPhone(t.destinationNumber) : "—"}
                      </TableCell>
                      <TableCell>
                        <Badge variant={t.status === "active" ? "default" : "secondary"}>{t.status}</Badge>
                      </TableCell>
                      <TableCell>
                        {isAdmin && (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-destructive hover:text-destructive"
                            onClick={() => removal.ask(t)}
                            aria-label={`Delete tracking number ${t.phoneNumber ?? ""}`}
                          >
                            <Trash2 aria-hidden="true" />
                            <span className="hidden sm:inline">Delete</span>
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
      <TrackingNumberDialog open={adding} onOpenChange={setAdding} />
      {removal.dialog}
    </div>
  );
}
