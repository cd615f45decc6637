import type { TRoutingNumber } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { callCenterKeys, deleteRoutingNumber, fetchRoutingNumbers } from "../../api";
import { showNumber } from "../../lib/format";
import { RoutingNumberForm } from "./routing-number-form";

/** The numbers calls are forwarded to (a desk, a mobile); deleting one is confirmed first (002 §5). */
export function RoutingNumbersManager({ canChange }: { canChange: boolean }) {
  const routing = useQuery({
    queryKey: callCenterKeys.routing,
    queryFn: ({ signal }) => fetchRoutingNumbers(signal),
  });
  const removal = useConfirmedRemoval<TRoutingNumber>({
    remove: (r) => deleteRoutingNumber(r.id),
    invalidate: callCenterKeys.all,
    failure: "Failed to delete routing number",
    title: (r) => `Delete ${r.label}?`,
    description: "Twilio numbers linked to it stop forwarding calls to it.",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Routing numbers</CardTitle>
        <CardDescription>
          Where your Twilio numbers forward calls. Link them under Manage Routing Numbers.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {canChange && <RoutingNumberForm />}
        <QueryState query={routing} label="Loading routing numbers" failure="Failed to load routing numbers">
          {({ routingNumbers }) =>
            routingNumbers.length === 0 ? (
              <EmptyCard title="No routing numbers yet">
                Add the phone that should ring when a caller dials in.
              </EmptyCard>
            ) : (
              <div className="rounded-md border">
                <Table aria-label="Routing numbers">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Label</TableHead>
                      <TableHead>Number</TableHead>
                      {canChange && (
                        <TableHead className="w-10">
                          <span className="sr-only">Delete</span>
                        </TableHead>
                      )}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {routingNumbers.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell className="font-medium">{r.label}</TableCell>
                        <TableCell className="whitespace-nowrap">{showNumber(r.phoneNumber)}</TableCell>
                        {canChange && (
                          <TableCell>
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Delete ${r.label}`}
                              onClick={() => removal.ask(r)}
                            >
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )
          }
        </QueryState>
      </CardContent>
      {removal.dialog}
    </Card>
  );
}
