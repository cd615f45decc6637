import type { TDniNumber } from "@leadpost/shared";
import { CALL_TRACKING_MESSAGES } from "@leadpost/shared/domain/call-tracking";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { displayPhone } from "@/lib/phone-display";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { callTrackingKeys, deleteDniNumber, fetchDniNumbers } from "../api";
import { DniNumberDialog } from "./dni-number-dialog";

/** Legacy Numbers: the DNI numbers per source, with the default one marked. */
export function DniNumbersTab() {
  const isAdmin = useIsCompanyAdmin();
  const numbers = useQuery({
    queryKey: callTrackingKeys.dniNumbers,
    queryFn: ({ signal }) => fetchDniNumbers(signal),
  });
  const [editing, setEditing] = useState<TDniNumber | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const removal = useConfirmedRemoval<TDniNumber>({
    remove: (n) => deleteDniNumber(n.id),
    invalidate: callTrackingKeys.dniNumbers,
    failure: CALL_TRACKING_MESSAGES.DNI_DELETE_FAILED,
    title: () => "Delete DNI number",
    description: (n) =>
      `Visitors will no longer see ${displayPhone(n.phoneNumber)}. Calls already logged stay.`,
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
                    <TableHead className="hidden sm:table-cell">Static number</TableHead>
                    <TableHead className="hidden sm:table-cell">Source</TableHead>
                    <TableHead className="hidden md:table-cell">Label</TableHead>
                    <TableHead className="w-0 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.numbers.map((n) => (
                    <TableRow key={n.id}>
                      <TableCell className="whitespace-nowrap font-medium tabular-nums">
                        {displayPhone(n.phoneNumber)}
                        {n.isDefault && (
                          <Badge variant="secondary" className="ml-2">
                            Default
                          </Badge>
                        )}
                        {/* On a phone the other columns are folded under the number. */}
                        <span className="block whitespace-normal font-normal text-muted-foreground text-xs sm:hidden">
                          <span className="capitalize">{n.source}</span> · for {displayPhone(n.staticNumber)}
                          {n.label ? ` · ${n.label}` : ""}
                        </span>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                        {displayPhone(n.staticNumber)}
                      </TableCell>
                      <TableCell className="hidden capitalize sm:table-cell">{n.source}</TableCell>
                      <TableCell className="hidden md:table-cell">{n.label ?? "—"}</TableCell>
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
                              <span className="hidden sm:inline">Edit</span>
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              className="text-destructive hover:text-destructive"
                              onClick={() => removal.ask(n)}
                              aria-label={`Delete ${n.phoneNumber}`}
                            >
                              <Trash2 aria-hidden="true" />
                              <span className="hidden sm:inline">Delete</span>
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
      {removal.dialog}
    </div>
  );
}
