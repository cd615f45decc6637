import { CALL_MESSAGES } from "@leadpost/shared/domain/calls";
import { formatPhone, toE164 } from "@leadpost/shared/domain/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, Plus } from "lucide-react";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { presentApiError } from "@/lib/api-error-presenter";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { blockNumber, callCenterKeys, fetchBlocked, unblockNumber } from "../api";
import { showNumber } from "../lib/format";

/** Blocked callers are rejected before any routing (002 "Blocked Numbers"). */
export function BlockedNumbersTab({ canChange }: { canChange: boolean }) {
  const { dateTime } = useDisplayFormat();
  const blocked = useQuery({
    queryKey: callCenterKeys.blocked,
    queryFn: ({ signal }) => fetchBlocked(signal),
  });
  const [adding, setAdding] = useState(false);
  const removal = useConfirmedRemoval<{ id: string; phoneNumber: string }>({
    remove: (b) => unblockNumber(b.id),
    invalidate: callCenterKeys.blocked,
    failure: "Failed to unblock number",
    title: (b) => `Unblock ${showNumber(b.phoneNumber)}?`,
    description: "Calls from this number will be routed again.",
    confirmLabel: "Unblock",
  });
  return (
    <section aria-labelledby="blocked-numbers" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="blocked-numbers" className="font-semibold">
          Blocked numbers
        </h2>
        {canChange && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Block Number
          </Button>
        )}
      </div>
      <QueryState query={blocked} label="Loading blocked numbers" failure="Failed to load blocked numbers">
        {({ blockedNumbers }) =>
          blockedNumbers.length === 0 ? (
            <EmptyCard title="No blocked numbers">
              Calls from a blocked number are rejected at once.
            </EmptyCard>
          ) : (
            <div className="rounded-md border">
              <Table aria-label="Blocked numbers">
                <TableHeader>
                  <TableRow>
                    <TableHead>Number</TableHead>
                    <TableHead>Reason</TableHead>
                    <TableHead>Blocked</TableHead>
                    {canChange && <TableHead className="text-right">Action</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {blockedNumbers.map((b) => (
                    <TableRow key={b.id}>
                      <TableCell className="whitespace-nowrap font-medium">
                        {showNumber(b.phoneNumber)}
                      </TableCell>
                      <TableCell>{b.reason ?? CALL_MESSAGES.DEFAULT_BLOCK_REASON}</TableCell>
                      <TableCell className="whitespace-nowrap">{dateTime(b.createdAt)}</TableCell>
                      {canChange && (
                        <TableCell className="text-right">
                          <Button variant="outline" size="sm" onClick={() => removal.ask(b)}>
                            Unblock
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
      <FormDialog open={adding} onOpenChange={setAdding} className="sm:max-w-md">
        <BlockNumberForm onDone={() => setAdding(false)} />
      </FormDialog>
      {removal.dialog}
    </section>
  );
}

function BlockNumberForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const block = useMutation({
    mutationFn: () => blockNumber({ phoneNumber: phone.trim(), reason: reason.trim() || null }),
    onSuccess: (saved) => {
      toast.success(`${formatPhone(saved.phoneNumber)} blocked`);
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.blocked });
      onDone();
    },
    onError: (err) => {
      const presented = presentApiError(err, { fallback: "Failed to block number" });
      setError(presented.fields.phoneNumber ?? presented.message);
    },
  });
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!phone.trim()) {
          setError(CALL_MESSAGES.PHONE_REQUIRED);
          return;
        }
        setError(null);
        block.mutate();
      }}
    >
      <DialogHeader>
        <DialogTitle>Block Number</DialogTitle>
        <DialogDescription>Calls from this number are rejected before they ring anyone.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-phone`} label="Phone number" error={error ?? undefined} hint={savedAsHint(phone)}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="(303) 555-0100"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${id}-reason`} label="Reason (optional)">
        {(control) => (
          <Input
            {...control}
            placeholder={CALL_MESSAGES.DEFAULT_BLOCK_REASON}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={block.isPending} icon={<Ban aria-hidden="true" />}>
          Block Number
        </BusyButton>
      </DialogFooter>
    </form>
  );
}

/** Every spelling of a number is one entry: show the one it will be stored as. */
function savedAsHint(phone: string): string {
  const e164 = phone.trim() ? toE164(phone) : null;
  return e164 ? `Saved as ${e164}` : "Write it as you would dial it; US numbers need no +1.";
}
