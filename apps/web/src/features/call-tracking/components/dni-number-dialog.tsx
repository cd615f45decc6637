import {
  CALL_TRACKING_MESSAGES,
  DNI_SOURCES,
  type TDniNumber,
  ZDniNumberInputSchema,
} from "@leadpost/shared";
import { formatPhone } from "@leadpost/shared/domain/phone";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { callTrackingKeys, saveDniNumber } from "../api";

type TProps = { open: boolean; onOpenChange: (open: boolean) => void; number: TDniNumber | null };

/** Add DNI and Edit DNI (002): tracking number, static number, source, label and default. */
export function DniNumberDialog({ open, onOpenChange, number }: TProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-md">
      <DniNumberForm number={number} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function DniNumberForm({ number, onDone }: { number: TDniNumber | null; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    // Stored in E.164, edited in the user's own format.
    phoneNumber: number ? formatPhone(number.phoneNumber) : "",
    staticNumber: number ? formatPhone(number.staticNumber) : "",
    source: number?.source ?? "google",
    label: number?.label ?? "",
    isDefault: number?.isDefault ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const mutation = useMutation({
    mutationFn: (input: typeof values) => saveDniNumber(number?.id ?? null, input),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: callTrackingKeys.dniNumbers });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0]])));
      }
      toast.error(number ? CALL_TRACKING_MESSAGES.DNI_UPDATE_FAILED : CALL_TRACKING_MESSAGES.DNI_ADD_FAILED);
    },
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZDniNumberInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(values);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{number ? "Edit DNI Number" : "Add DNI Number"}</DialogTitle>
        <DialogDescription>
          Visitors from this source see the tracking number wherever your site shows the static number.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-phone`} label="Tracking number" error={errors.phoneNumber}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="(555) 200-0001"
            value={values.phoneNumber}
            onChange={(e) => set("phoneNumber", e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      <FormField id={`${id}-static`} label="Static number (on your website)" error={errors.staticNumber}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="(555) 123-4567"
            value={values.staticNumber}
            onChange={(e) => set("staticNumber", e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <Select value={values.source} onValueChange={(v) => set("source", v as typeof values.source)}>
          <SelectTrigger id={`${id}-source`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DNI_SOURCES.map((s) => (
              <SelectItem key={s} value={s}>
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <FormField id={`${id}-label`} label="Label (optional)" error={errors.label}>
        {(control) => (
          <Input
            {...control}
            id={`${id}-label`}
            value={values.label}
            onChange={(e) => set("label", e.target.value)}
          />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-default`}
          checked={values.isDefault}
          onCheckedChange={(v) => set("isDefault", v)}
        />
        <Label htmlFor={`${id}-default`}>Default number (for sources without a number of their own)</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {number ? "Save" : "Add Number"}
        </Button>
      </DialogFooter>
    </form>
  );
}
