import type { TPhoneNumber } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MoreHorizontal, Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { callCenterKeys, deletePhoneNumber, fetchPhoneNumbers, updatePhoneNumber } from "../../api";
import { STRATEGY_LABEL, showNumber } from "../../lib/format";
import { CallFlow } from "./call-flow";
import { ManageRoutingDialog } from "./manage-routing-dialog";
import { PhoneNumberDialog } from "./phone-number-dialog";

const FILTERS = [
  ["all", "All"],
  ["twilio", "Twilio"],
  ["routing", "Routing"],
  ["tracking", "Tracking"],
] as const;
type TFilter = (typeof FILTERS)[number][0];

/** The company's numbers by type, with row actions and the call flow of the selected row. */
export function PhoneNumbersManager({ canChange }: { canChange: boolean }) {
  const queryClient = useQueryClient();
  const numbers = useQuery({
    queryKey: callCenterKeys.numbers,
    queryFn: ({ signal }) => fetchPhoneNumbers(signal),
  });
  const [filter, setFilter] = useState<TFilter>("all");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [debug, setDebug] = useState(false);
  const [editing, setEditing] = useState<TPhoneNumber | "new" | null>(null);
  const [managing, setManaging] = useState<TPhoneNumber | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: callCenterKeys.numbers });

  const patch = useMutation({
    mutationFn: (v: { id: string; changes: Parameters<typeof updatePhoneNumber>[1]; failure: string }) =>
      updatePhoneNumber(v.id, v.changes),
    // The switch moves at once; a refusal puts it back (002 §4: applied immediately, rolled back).
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: callCenterKeys.numbers });
      const before = queryClient.getQueryData<{ phoneNumbers: TPhoneNumber[] }>(callCenterKeys.numbers);
      queryClient.setQueryData(callCenterKeys.numbers, {
        phoneNumbers: (before?.phoneNumbers ?? []).map((n) => (n.id === id ? { ...n, ...changes } : n)),
      });
      return { before };
    },
    onError: (err, v, context) => {
      if (context?.before) queryClient.setQueryData(callCenterKeys.numbers, context.before);
      toast.error(`${v.failure}: ${presentApiError(err).message}`);
    },
    onSettled: () => void refresh(),
  });
  const removal = useConfirmedRemoval<TPhoneNumber>({
    remove: (n) => deletePhoneNumber(n.id),
    invalidate: callCenterKeys.numbers,
    failure: "Failed to delete phone number",
    title: (n) => `Delete ${showNumber(n.phoneNumber)}?`,
    description:
      "Calls to this number will no longer be answered by the call center. Its call history is kept.",
  });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid grid-cols-1 gap-1">
          <CardTitle>Phone numbers</CardTitle>
          <CardDescription>Select a number to see where its calls go.</CardDescription>
        </div>
        {canChange && (
          <Button size="sm" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            Add Phone Number
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <Tabs value={filter} onValueChange={(v) => setFilter(v as TFilter)}>
          <TabsList aria-label="Number type">
            {FILTERS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <QueryState query={numbers} label="Loading phone numbers" failure="Failed to load phone numbers">
          {({ phoneNumbers }) => {
            const shown = phoneNumbers.filter((n) => filter === "all" || n.type === filter);
            const selected = phoneNumbers.find((n) => n.id === selectedId) ?? null;
            if (shown.length === 0) {
              return (
                <EmptyCard title={filter === "all" ? "No phone numbers yet" : `No ${filter} numbers`}>
                  Add the Twilio number your callers dial; it routes to your routing numbers or agents.
                </EmptyCard>
              );
            }
            return (
              <>
                <div className="rounded-md border">
                  <Table aria-label="Phone numbers">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Number</TableHead>
                        {/* Below 640 px these two give way, so the status and row menu stay on screen. */}
                        <TableHead className="hidden sm:table-cell">Type</TableHead>
                        <TableHead className="hidden sm:table-cell">Routing</TableHead>
                        <TableHead>Status</TableHead>
                        <TableHead>Recording</TableHead>
                        <TableHead className="w-10">
                          <span className="sr-only">Actions</span>
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {shown.map((n) => (
                        <TableRow
                          key={n.id}
                          data-state={n.id === selectedId ? "selected" : undefined}
                          aria-selected={n.id === selectedId}
                          className="cursor-pointer"
                          // 002: a click selects (or unselects) the row; a double-click toggles the debug panel.
                          onClick={() => setSelectedId((id) => (id === n.id ? null : n.id))}
                          onDoubleClick={() => setDebug((d) => !d)}
                        >
                          <TableCell className="whitespace-nowrap">
                            <button
                              type="button"
                              className="text-left font-medium underline-offset-4 hover:underline"
                              onClick={(e) => {
                                e.stopPropagation();
                                setSelectedId((id) => (id === n.id ? null : n.id));
                              }}
                            >
                              {showNumber(n.phoneNumber)}
                            </button>
                            {n.description && (
                              <div className="text-muted-foreground text-xs">{n.description}</div>
                            )}
                          </TableCell>
                          <TableCell className="hidden capitalize sm:table-cell">{n.type}</TableCell>
                          <TableCell className="hidden whitespace-nowrap sm:table-cell">
                            {n.type === "routing" ? "—" : STRATEGY_LABEL[n.routingStrategy]}
                          </TableCell>
                          <TableCell>
                            <Badge variant={n.isActive ? "success" : "secondary"}>
                              {n.isActive ? "Active" : "Inactive"}
                            </Badge>
                          </TableCell>
                          <TableCell onClick={(e) => e.stopPropagation()}>
                            <Switch
                              aria-label={`Record calls to ${showNumber(n.phoneNumber)}`}
                              checked={n.recordingEnabled}
                              disabled={!canChange}
                              onCheckedChange={(on) =>
                                patch.mutate({
                                  id: n.id,
                                  changes: { recordingEnabled: on },
                                  failure: "Failed to update recording settings",
                                })
                              }
                            />
                          </TableCell>
                          <TableCell onClick={(e) => e.stopPropagation()}>
                            {canChange && (
                              <DropdownMenu>
                                <DropdownMenuTrigger asChild>
                                  <Button
                                    variant="ghost"
                                    size="icon"
                                    aria-label={`Actions for ${showNumber(n.phoneNumber)}`}
                                  >
                                    <MoreHorizontal aria-hidden="true" />
                                  </Button>
                                </DropdownMenuTrigger>
                                <DropdownMenuContent align="end">
                                  <DropdownMenuItem onSelect={() => setEditing(n)}>Edit</DropdownMenuItem>
                                  {n.type === "twilio" && (
                                    <DropdownMenuItem onSelect={() => setManaging(n)}>
                                      Manage Routing Numbers
                                    </DropdownMenuItem>
                                  )}
                                  <DropdownMenuItem
                                    onSelect={() =>
                                      patch.mutate({
                                        id: n.id,
                                        changes: { isActive: !n.isActive },
                                        failure: "Failed to update active state",
                                      })
                                    }
                                  >
                                    {n.isActive ? "Deactivate" : "Activate"}
                                  </DropdownMenuItem>
                                  <DropdownMenuSeparator />
                                  <DropdownMenuItem variant="destructive" onSelect={() => removal.ask(n)}>
                                    Delete
                                  </DropdownMenuItem>
                                </DropdownMenuContent>
                              </DropdownMenu>
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
                {selected && <CallFlow number={selected} debug={debug} />}
              </>
            );
          }}
        </QueryState>
      </CardContent>
      <PhoneNumberDialog
        editing={editing === "new" ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ManageRoutingDialog number={managing} onOpenChange={(open) => !open && setManaging(null)} />
      {removal.dialog}
    </Card>
  );
}
