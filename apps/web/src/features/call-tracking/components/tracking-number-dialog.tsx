import { CALL_TRACKING_MESSAGES, TRACKING_SOURCES, ZTrackingNumberInputSchema } from "@leadpost/shared";
import { formatPhone } from "@leadpost/shared/domain/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { callTrackingKeys, createTrackingNumber, fetchTrackablePhoneNumbers } from "../api";

type TProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Add Tracking Number: a Twilio number, its source, where calls go, and an optional campaign ID. */
export function TrackingNumberDialog({ open, onOpenChange }: TProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-md">
      <TrackingNumberForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TrackingNumberForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const phones = useQuery({
    queryKey: callTrackingKeys.phoneNumbers,
    queryFn: ({ signal }) => fetchTrackablePhoneNumbers(signal),
  });
  const [values, setValues] = useState({
    phoneNumberId: "",
    source: "",
    destinationNumber: "",
    campaignId: "",
  });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const mutation = useMutation({
    mutationFn: () => createTrackingNumber({ ...values, source: values.source as never }),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: callTrackingKeys.trackingNumbers });
      onDone();
    },
    onError: (err) => {
      const message = isApiError(err) ? err.message : "please try again";
      setError(message);
      toast.error(CALL_TRACKING_MESSAGES.TRACKING_CREATE_FAILED.replace("{message}", message));
    },
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZTrackingNumberInputSchema.safeParse(values);
    if (!parsed.success) {
      // A missing field gives the 002 text; a destination that is no phone number says so.
      setError(parsed.error.issues[0]?.message ?? CALL_TRACKING_MESSAGES.REQUIRED_FIELDS);
      return;
    }
    setError(null);
    mutation.mutate();
  };
  const numbers = phones.data?.phoneNumbers ?? [];

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Add Tracking Number</DialogTitle>
        <DialogDescription>
          Calls to this number ring the destination number and are logged with its source and campaign.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-number`}>Twilio number *</Label>
        {phones.isSuccess && numbers.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No Twilio numbers yet.{" "}
            <Link to="/dashboard/calls" className="text-primary underline">
              Add one in the Call Center
            </Link>
            .
          </p>
        ) : (
          <Select value={values.phoneNumberId} onValueChange={(v) => set("phoneNumberId", v)}>
            <SelectTrigger id={`${id}-number`} className="w-full" disabled={phones.isPending}>
              <SelectValue placeholder={phones.isPending ? "Loading numbers…" : "Choose a number"} />
            </SelectTrigger>
            <SelectContent>
              {numbers.map((n) => (
                <SelectItem key={n.id} value={n.id}>
                  {formatPhone(n.phoneNumber)}
                  {n.description ? ` · ${n.description}` : ""}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-source`}>Source *</Label>
        <Select value={values.source} onValueChange={(v) => set("source", v)}>
          <SelectTrigger id={`${id}-source`} className="w-full">
            <SelectValue placeholder="Choose a source" />
          </SelectTrigger>
          <SelectContent>
            {TRACKING_SOURCES.map((s) => (
              <SelectItem key={s} value={s}>
                {s.replace("_", " ")}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <FormField id={`${id}-destination`} label="Destination number *">
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="(303) 555-0100"
            value={values.destinationNumber}
            onChange={(e) => set("destinationNumber", e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${id}-campaign`} label="Campaign ID (optional)">
        {(control) => (
          <Input {...control} value={values.campaignId} onChange={(e) => set("campaignId", e.target.value)} />
        )}
      </FormField>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Add Tracking Number
        </Button>
      </DialogFooter>
    </form>
  );
}
