import type { TAgent } from "@leadpost/shared";
import { AGENT_STATUSES, CALL_MESSAGES } from "@leadpost/shared/domain/calls";
import { formatPhone, phoneProblem } from "@leadpost/shared/domain/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { callCenterKeys, deleteAgent, fetchAgents, saveAgent, type TAgentValues } from "../../api";
import { showNumber } from "../../lib/format";

const STATUS_VARIANT = { available: "success", busy: "warning", offline: "secondary" } as const;

/** Agents ring, in their order, when a number has no routing numbers (002 "Call Center Agents"). */
export function AgentsPanel({ canChange }: { canChange: boolean }) {
  const agents = useQuery({
    queryKey: callCenterKeys.agents,
    queryFn: ({ signal }) => fetchAgents(signal),
  });
  const [editing, setEditing] = useState<TAgent | "new" | null>(null);
  const removal = useConfirmedRemoval<TAgent>({
    remove: (a) => deleteAgent(a.id),
    invalidate: callCenterKeys.agents,
    failure: "Failed to delete agent",
    title: (a) => `Delete ${a.name}?`,
    description: "The agent stops receiving calls. Past calls keep their records.",
  });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid grid-cols-1 gap-1">
          <CardTitle>Agents</CardTitle>
          <CardDescription>
            Available agents ring in their order when a number has no routing numbers.
          </CardDescription>
        </div>
        {canChange && (
          <Button size="sm" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            Add Agent
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <QueryState query={agents} label="Loading agents" failure="Failed to load agents">
          {({ agents: list }) =>
            list.length === 0 ? (
              <EmptyCard title="No agents yet">
                Add the people who take calls, with the phone they answer on.
              </EmptyCard>
            ) : (
              <div className="rounded-md border">
                <Table aria-label="Agents">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Order</TableHead>
                      <TableHead>Name</TableHead>
                      <TableHead>Phone</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="text-right">Calls</TableHead>
                      {canChange && (
                        <TableHead className="w-20">
                          <span className="sr-only">Actions</span>
                        </TableHead>
                      )}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.map((a) => (
                      <TableRow key={a.id}>
                        <TableCell className="tabular-nums">{a.sequenceOrder}</TableCell>
                        <TableCell className="font-medium">{a.name}</TableCell>
                        <TableCell className="whitespace-nowrap">{showNumber(a.phoneNumber)}</TableCell>
                        <TableCell>
                          <Badge variant={STATUS_VARIANT[a.status]} className="capitalize">
                            {a.status}
                          </Badge>
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{a.callCount}</TableCell>
                        {canChange && (
                          <TableCell className="whitespace-nowrap">
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Edit ${a.name}`}
                              onClick={() => setEditing(a)}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Delete ${a.name}`}
                              onClick={() => removal.ask(a)}
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
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        className="sm:max-w-md"
      >
        <AgentForm agent={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
      </FormDialog>
      {removal.dialog}
    </Card>
  );
}

/** 002 §5: name required; phone required and a number that can be dialled (stored as E.164). */
export function validateAgent(v: { name: string; phoneNumber: string; sequenceOrder: string }) {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = CALL_MESSAGES.NAME_REQUIRED;
  if (!v.phoneNumber.trim()) errors.phoneNumber = CALL_MESSAGES.PHONE_REQUIRED;
  else {
    const problem = phoneProblem(v.phoneNumber, {
      tooShort: CALL_MESSAGES.PHONE_TOO_SHORT,
      invalid: CALL_MESSAGES.PHONE_FORMAT,
    });
    if (problem) errors.phoneNumber = problem;
  }
  if (v.sequenceOrder.trim() && !(Number(v.sequenceOrder) >= 1))
    errors.sequenceOrder = CALL_MESSAGES.ORDER_MIN;
  return errors;
}

function AgentForm({ agent, onDone }: { agent: TAgent | null; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    name: agent?.name ?? "",
    phoneNumber: agent ? formatPhone(agent.phoneNumber) : "",
    status: agent?.status ?? ("available" as TAgentValues["status"]),
    sequenceOrder: agent ? String(agent.sequenceOrder) : "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      saveAgent(agent?.id ?? null, {
        name: values.name.trim(),
        phoneNumber: values.phoneNumber.trim(),
        status: values.status,
        sequenceOrder: values.sequenceOrder.trim() ? Number(values.sequenceOrder) : 1,
      }),
    onSuccess: () => {
      toast.success(agent ? "Agent updated" : "Agent added");
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.agents });
      onDone();
    },
    onError: (err) => {
      const presented = presentApiError(err);
      setErrors(presented.fields);
      toast.error(`${agent ? "Failed to update agent" : "Failed to add agent"}: ${presented.message}`);
    },
  });
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateAgent(values);
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <DialogHeader>
        <DialogTitle>{agent ? "Edit Agent" : "Add Agent"}</DialogTitle>
        <DialogDescription>The phone the agent answers calls on.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          />
        )}
      </FormField>
      <FormField id={`${id}-phone`} label="Phone number" error={errors.phoneNumber}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="+15551234567"
            value={values.phoneNumber}
            onChange={(e) => setValues((v) => ({ ...v, phoneNumber: e.target.value }))}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            value={values.status}
            onValueChange={(s) => setValues((v) => ({ ...v, status: s as TAgentValues["status"] }))}
          >
            <SelectTrigger id={`${id}-status`} className="w-full capitalize">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {AGENT_STATUSES.map((s) => (
                <SelectItem key={s} value={s} className="capitalize">
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <FormField id={`${id}-order`} label="Order (optional)" error={errors.sequenceOrder}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              inputMode="numeric"
              value={values.sequenceOrder}
              onChange={(e) => setValues((v) => ({ ...v, sequenceOrder: e.target.value }))}
            />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={save.isPending}>
          {agent ? "Save Changes" : "Add Agent"}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
