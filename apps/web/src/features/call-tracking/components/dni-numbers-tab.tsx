import { CALL_TRACKING_MESSAGES, formatUsPhone, type TDniNumber } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { callTrackingKeys, deleteDniNumber, fetchDniNumbers } from "../api";
import { DniNumberDialog } from "./dni-number-dialog";

/** Legacy Numbers: the DNI numbers per source, with the default one marked. */
export function DniNumbersTab() {
  const isAdmin = useIsCompanyAdmin();
  const queryClient = useQueryClient();
  const numbers = useQuery({
    queryKey: callTrackingKeys.dniNumbers,
    queryFn: ({ signal }) => fetchDniNumbers(signal),
  });
  const [editing, setEditing] = useState<TDniNumber | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TDniNumber | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteDniNumber(id),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: callTrackingKeys.dniNumbers });
    },
    onError: () => toast.error(CALL_TRACKING_MESSAGES.DNI_DELETE_FAILED),
  });
  const open = (number: TDniNumber | null) => {
    setEditing(number);
    setDialogOpen(true);
  };

  return (
    <div className="grid gap-3">
      {isAdmin && (
        <div className="flex justify-end">
          <Button onClick={() => open(null)}>
            <Plus aria-hidden="true" />
            Add DNI Number
          </Button>
        </div>
      )}
      <QueryState
        query={numbers}
        label="Loading DNI numbers"
        failure={CALL_TRACKING_MESSAGES.DNI_FETCH_FAILED}
      >
        {(data) =>
          data.numbers.length === 0 ? (
            <EmptyCard title="No DNI numbers yet">
              Add a tracking number for each source your visitors come from, and one default number.
            </EmptyCard>
          ) : (
            <Card className="overflow-x-auto py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Tracking number</TableHead>
                    <TableHead>Static number</TableHead>
                    <TableHead>Source</TableHead>
                    <TableHead>Label</TableHead>
                    <TableHead className="w-0 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.numbers.map((n) => (
                    <TableRow key={n.id}>
                      <TableCell className="whitespace-nowrap font-medium tabular-nums">
                        {formatUsPhone(n.phoneNumber)}
                        {n.isDefault && (
                          <Badge variant="secondary" className="ml-2">
                            Default
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {formatUsPhone(n.staticNumber)}
                      </TableCell>
                      <TableCell className="capitalize">{n.source}</TableCell>
                      <TableCell>{n.label ?? "—"}</TableCell>
                      <TableCell>
                        {isAdmin && (
                          <div className="flex justify-end gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => open(n)}
                              aria-label={`Edit ${n.phoneNumber}`}
                            >
                              <Pencil aria-hidden="true" />
                              Edit
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              className="text-destructive hover:text-destructive"
                              onClick={() => setDeleting(n)}
                              aria-label={`Delete ${n.phoneNumber}`}
                            >
                              <Trash2 aria-hidden="true" />
                              Delete
                            </Button>
                          </div>
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
      <DniNumberDialog open={dialogOpen} onOpenChange={setDialogOpen} number={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete DNI number"
        description={`Visitors will no longer see ${deleting ? formatUsPhone(deleting.phoneNumber) : ""}. Calls already logged stay.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
