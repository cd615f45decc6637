import type { TRoutingNumber } from "@leadpost/shared";
import { CALL_MESSAGES } from "@leadpost/shared/domain/calls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { callCenterKeys, createRoutingNumber } from "../../api";

/**
 * Label and number of a new routing number, inline. 002 §5: an empty number says "Please enter a
 * phone number", under 7 characters "Enter a valid phone number."; the server checks E.164.
 */
export function RoutingNumberForm({ onAdded }: { onAdded?: (routing: TRoutingNumber) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: () => createRoutingNumber({ label: label.trim(), phoneNumber: phone.trim() }),
    onSuccess: ({ routingNumber }) => {
      toast.success(`Routing number ${routingNumber.label} added`);
      setLabel("");
      setPhone("");
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.routing });
      onAdded?.(routingNumber);
    },
    onError: (err) => setErrors(presentApiError(err).fields),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!label.trim()) next.label = CALL_MESSAGES.LABEL_REQUIRED;
    if (!phone.trim()) next.phoneNumber = "Please enter a phone number";
    else if (phone.trim().length < 7) next.phoneNumber = "Enter a valid phone number.";
    setErrors(next);
    if (Object.keys(next).length === 0) add.mutate();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
      aria-label="Add routing number"
    >
      <FormField id={`${id}-label`} label="Label" error={errors.label}>
        {(control) => (
          <Input {...control} placeholder="Office" value={label} onChange={(e) => setLabel(e.target.value)} />
        )}
      </FormField>
      <FormField id={`${id}-phone`} label="Forward to (E.164)" error={errors.phoneNumber}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="+15551234567"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </FormField>
      <BusyButton
        type="submit"
        className="sm:mt-[22px]"
        busy={add.isPending}
        icon={<Plus aria-hidden="true" />}
      >
        Add Routing Number
      </BusyButton>
    </form>
  );
}
