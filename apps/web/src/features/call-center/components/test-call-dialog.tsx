import { formatUsPhone } from "@leadpost/shared/domain/dni";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { callCenterKeys, fetchPhoneNumbers, runTestCall } from "../api";
import { prettyXml } from "../lib/format";

const OUTCOME_TEXT: Record<string, string> = {
  rejected: "The caller was rejected (blocked number).",
  dialing: "The call was put through to the number's routing.",
  voicemail: "The caller was sent to voicemail.",
  answered: "The call was answered.",
};

/** The Test Call Center dialog (./test-call-button.tsx loads it on its first open). */
export function TestCallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-lg">
      <TestCallForm onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TestCallForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const numbers = useQuery({
    queryKey: callCenterKeys.numbers,
    queryFn: ({ signal }) => fetchPhoneNumbers(signal),
  });
  const twilioNumbers = (numbers.data?.phoneNumbers ?? []).filter((n) => n.type !== "routing");
  const [numberId, setNumberId] = useState("");
  const [from, setFrom] = useState("");
  const chosen = numberId || twilioNumbers[0]?.id || "";
  const test = useMutation({
    mutationFn: () => runTestCall(chosen, from.trim()),
    onSuccess: (result) => {
      toast.success(OUTCOME_TEXT[result.outcome] ?? `Test call answered: ${result.outcome}`);
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
    },
    onError: (err) => toast.error(`Test failed: ${presentApiError(err).message}`),
  });
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) test.mutate();
      }}
    >
      <DialogHeader>
        <DialogTitle>Test Call Center</DialogTitle>
        <DialogDescription>
          Simulates an inbound call to one of your numbers through the same signed webhook Twilio calls, and
          shows what the caller would get. It is marked as a test: it does not appear in Live Dashboard, Call
          History or Analytics, and does not move the round-robin.
        </DialogDescription>
      </DialogHeader>
      {numbers.isSuccess && twilioNumbers.length === 0 ? (
        <p className="text-muted-foreground text-sm">Add a Twilio number first (Settings → Phone Setup).</p>
      ) : (
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={`${id}-number`}>Number to call</Label>
          <Select value={chosen} onValueChange={setNumberId}>
            <SelectTrigger id={`${id}-number`} className="w-full" disabled={numbers.isPending}>
              <SelectValue placeholder={numbers.isPending ? "Loading numbers…" : "Choose a number"} />
            </SelectTrigger>
            <SelectContent>
              {twilioNumbers.map((n) => (
                <SelectItem key={n.id} value={n.id}>
                  {formatUsPhone(n.phoneNumber)}
                  {n.description ? ` · ${n.description}` : ""}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <FormField id={`${id}-from`} label="Caller number (optional)" hint="Defaults to +15555550100.">
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="+15555550100"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        )}
      </FormField>
      {test.data && (
        <div className="grid grid-cols-1 gap-1" aria-live="polite">
          <p className="font-medium text-sm">
            Outcome: <span data-testid="test-call-outcome">{test.data.outcome}</span>
          </p>
          <pre
            className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs"
            data-testid="test-call-twiml"
          >
            {prettyXml(test.data.twiml)}
          </pre>
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <BusyButton type="submit" busy={test.isPending} disabled={!chosen}>
          Place Test Call
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
