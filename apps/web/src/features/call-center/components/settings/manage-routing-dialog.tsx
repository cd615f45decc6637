import type { TPhoneNumber } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import {
  callCenterKeys,
  fetchPhoneNumbers,
  fetchRoutingNumbers,
  linkRoutingNumber,
  unlinkRoutingNumber,
} from "../../api";
import { showNumber } from "../../lib/format";
import { RoutingNumberForm } from "./routing-number-form";

type TProps = { number: TPhoneNumber | null; onOpenChange: (open: boolean) => void };

/** Which routing numbers a Twilio number rings; a new one can be added and linked in one go. */
export function ManageRoutingDialog({ number, onOpenChange }: TProps) {
  const queryClient = useQueryClient();
  const routing = useQuery({
    queryKey: callCenterKeys.routing,
    queryFn: ({ signal }) => fetchRoutingNumbers(signal),
    enabled: number !== null,
  });
  // The live row, so the checkboxes follow each link as it is saved.
  const numbers = useQuery({
    queryKey: callCenterKeys.numbers,
    queryFn: ({ signal }) => fetchPhoneNumbers(signal),
    enabled: number !== null,
  });
  const current = numbers.data?.phoneNumbers.find((n) => n.id === number?.id) ?? number;
  const linked = new Set(current?.routingNumberIds ?? []);
  const toggle = useMutation({
    mutationFn: ({ routingId, on }: { routingId: string; on: boolean }) =>
      on ? linkRoutingNumber(number!.id, routingId) : unlinkRoutingNumber(number!.id, routingId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callCenterKeys.numbers }),
    onError: (err, { on }) =>
      toast.error(
        `${on ? "Failed to add routing association" : "Failed to remove routing association"}: ${presentApiError(err).message}`,
      ),
  });
  return (
    <Dialog open={number !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Manage Routing Numbers</DialogTitle>
          <DialogDescription>
            Calls to {showNumber(number?.phoneNumber)} ring the checked numbers, in the order shown.
          </DialogDescription>
        </DialogHeader>
        <QueryState query={routing} label="Loading routing numbers" failure="Failed to load routing numbers">
          {({ routingNumbers }) =>
            routingNumbers.length === 0 ? (
              <p className="text-muted-foreground text-sm">No routing numbers yet: add one below.</p>
            ) : (
              <ul className="grid grid-cols-1 gap-2" aria-label="Routing numbers">
                {routingNumbers.map((r) => (
                  <li key={r.id} className="flex items-center gap-3">
                    <Checkbox
                      id={`link-${r.id}`}
                      checked={linked.has(r.id)}
                      disabled={toggle.isPending}
                      onCheckedChange={(on) => toggle.mutate({ routingId: r.id, on: on === true })}
                    />
                    <Label htmlFor={`link-${r.id}`} className="font-normal">
                      {r.label} · {showNumber(r.phoneNumber)}
                    </Label>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {number && <RoutingNumberForm onAdded={(r) => toggle.mutate({ routingId: r.id, on: true })} />}
      </DialogContent>
    </Dialog>
  );
}
