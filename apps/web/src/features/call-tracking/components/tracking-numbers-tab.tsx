import { CALL_TRACKING_MESSAGES, formatUsPhone, type TTrackingNumber } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { isApiError } from "@/lib/api-error";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { callTrackingKeys, deleteTrackingNumber, fetchTrackingNumbers } from "../api";
import { TrackingNumberDialog } from "./tracking-number-dialog";

/** Call Tracking tab: numbers that log each call with its source and campaign. */
export function TrackingNumbersTab() {
  const isAdmin = useIsCompanyAdmin();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: callTrackingKeys.trackingNumbers,
    queryFn: ({ signal }) => fetchTrackingNumbers(signal),
  });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TTrackingNumber | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteTrackingNumber(id),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: callTrackingKeys.trackingNumbers });
    },
    onError: (error) =>
      toast.error(
        CALL_TRACKING_MESSAGES.TRACKING_DELETE_FAILED.replace(
          "{message}",
          isApiError(error) ? error.message : "please try again",
        ),
      ),
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
                    <TableHead>Source</TableHead>
                    <TableHead>Campaign</TableHead>
                    <TableHead>Forwards to</TableHead>
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
                        {t.phoneNumber ? formatUsPhone(t.phoneNumber) : "—"}
                      </TableCell>
                      <TableCell>{t.source.replace("_", " ")}</TableCell>
                      <TableCell>{t.campaignId ?? "—"}</TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {t.destinationNumber ? formatUsPhone(t.destinationNumber) : "—"}
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
                            onClick={() => setDeleting(t)}
                            aria-label={`Delete tracking number ${t.phoneNumber ?? ""}`}
                          >
                            <Trash2 aria-hidden="true" />
                            Delete
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete tracking number"
        description="New calls to this number are no longer tracked. Calls already logged stay in Analytics."
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
