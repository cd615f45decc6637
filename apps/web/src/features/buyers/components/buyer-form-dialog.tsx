import type { TBuyer } from "@leadpost/shared";
import { BUYER_MESSAGES } from "@leadpost/shared/domain/buyers";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { createBuyer, updateBuyer } from "../api";
import {
  buyerToFormValues,
  EMPTY_BUYER_FORM,
  type TBuyerFormValues,
  toBuyerInput,
  validateBuyerInput,
} from "../buyer-form-values";
import { saveErrorMessage, useInvalidateBuyers } from "../hooks/use-buyer-mutations";
import { BidsAndFilters } from "./bids-and-filters";
import { BuyerCapsFields } from "./buyer-caps-fields";
import { NicheSelect } from "./niche-select";

type TBuyerFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this buyer; Add Buyer when absent. */
  buyer?: TBuyer | null;
};

export function BuyerFormDialog({ open, onOpenChange, buyer }: TBuyerFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      <BuyerForm buyer={buyer ?? null} onDone={() => onOpenChange(false)} />
      {buyer && <BidsAndFilters buyerId={buyer.id} />}
    </FormDialog>
  );
}

type TKey = keyof TBuyerFormValues;
const TEXT_FIELDS: { key: TKey; label: string; type?: string; autoComplete?: string; span?: boolean }[] = [
  { key: "contactName", label: "Contact name", autoComplete: "name" },
  { key: "companyName", label: "Company name", autoComplete: "organization" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "phoneNumber", label: "Phone", type: "tel", autoComplete: "tel" },
  { key: "address", label: "Address", autoComplete: "street-address", span: true },
  { key: "city", label: "City", autoComplete: "address-level2" },
  { key: "state", label: "State", autoComplete: "address-level1" },
  { key: "zipCode", label: "ZIP code", autoComplete: "postal-code" },
  { key: "serviceRadius", label: "Service radius (miles)", type: "number" },
  { key: "serviceType", label: "Service type", span: true },
];

function BuyerForm({ buyer, onDone }: { buyer: TBuyer | null; onDone: () => void }) {
  const id = useId();
  const mode = buyer ? "edit" : "create";
  const [values, setValues] = useState<TBuyerFormValues>(buyer ? buyerToFormValues(buyer) : EMPTY_BUYER_FORM);
  const [errors, setErrors] = useState<Partial<Record<TKey, string>>>({});
  // Edit shows the stored remaining count, so it counts as touched; Add follows the total until typed in.
  const [remainingTouched, setRemainingTouched] = useState(mode === "edit");
  // One key per opened dialog: a retried submit replays instead of creating a second buyer.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const invalidate = useInvalidateBuyers();
  const [caps, setCaps] = useState({}); // the "Caps and delivery hours" fields changed (edit only)

  const set = <K extends TKey>(key: K, value: TBuyerFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === "prepaidLeadsTotal" && !remainingTouched) next.prepaidLeadsRemaining = String(value);
      return next;
    });
    if (key === "prepaidLeadsRemaining") setRemainingTouched(true);
  };

  const mutation = useMutation({
    mutationFn: (input: ReturnType<typeof toBuyerInput>) =>
      buyer ? updateBuyer(buyer.id, input) : createBuyer(input, idempotencyKey),
    onSuccess: (result) => {
      toast.success(result.message);
      invalidate();
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        const next: Partial<Record<TKey, string>> = {};
        for (const [k, messages] of Object.entries(error.fields)) next[k as TKey] = messages[0];
        setErrors(next);
      }
      toast.error(saveErrorMessage(error, buyer ? "update" : "create"));
    },
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { ...toBuyerInput(values, { remainingTouched }), ...caps };
    const found = validateBuyerInput(input, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(BUYER_MESSAGES.INVALID_FORM);
      return;
    }
    mutation.mutate(input);
  };

  const fid = (key: string) => `${id}-${key}`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{buyer ? "Edit Buyer" : "Add Buyer"}</DialogTitle>
        <DialogDescription>
          {buyer
            ? "Changes apply to the next leads routed. A new ZIP code moves the buyer's service area."
            : "The buyer is active at once and receives matching leads; invite it later to give it a portal account."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <FormField
            key={f.key}
            id={fid(f.key)}
            label={f.label}
            error={errors[f.key]}
            className={f.span ? "sm:col-span-2" : undefined}
          >
            {(a11y) => (
              <Input
                {...a11y}
                type={f.type ?? "text"}
                autoComplete={f.autoComplete}
                value={values[f.key] as string}
                onChange={(e) => set(f.key, e.target.value)}
                {...(f.key === "serviceRadius"
                  ? { min: 1, max: 500, step: 1, inputMode: "numeric" as const }
                  : {})}
              />
            )}
          </FormField>
        ))}
        <FormField id={fid("niche")} label="Niche" error={errors.nicheId} className="sm:col-span-2">
          {(a11y) => <NicheSelect {...a11y} value={values.nicheId} onChange={(v) => set("nicheId", v)} />}
        </FormField>
      </div>
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 font-medium text-sm">Subscription</legend>
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={fid("aye")}>All You Can Eat</Label>
            <p className="text-muted-foreground text-xs">
              Full access to every matching lead at no cost per lead.
            </p>
          </div>
          <Switch
            id={fid("aye")}
            checked={values.allYouCanEatEnabled}
            onCheckedChange={(checked) => set("allYouCanEatEnabled", checked)}
          />
        </div>
        {!values.allYouCanEatEnabled && (
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id={fid("cost")}
              label="Cost per lead (USD)"
              error={errors.costPerLead}
              hint="Empty: the niche's price"
            >
              {(a11y) => (
                <Input
                  {...a11y}
                  type="number"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  value={values.costPerLead}
                  onChange={(e) => set("costPerLead", e.target.value)}
                />
              )}
            </FormField>
            <FormField id={fid("total")} label="Prepaid leads total" error={errors.prepaidLeadsTotal}>
              {(a11y) => (
                <Input
                  {...a11y}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  value={values.prepaidLeadsTotal}
                  onChange={(e) => set("prepaidLeadsTotal", e.target.value)}
                />
              )}
            </FormField>
            <FormField id={fid("remaining")} label="Prepaid remaining" error={errors.prepaidLeadsRemaining}>
              {(a11y) => (
                <Input
                  {...a11y}
                  type="number"
                  min={0}
                  max={Number(values.prepaidLeadsTotal) || 0}
                  step={1}
                  inputMode="numeric"
                  value={values.prepaidLeadsRemaining}
                  onChange={(e) => set("prepaidLeadsRemaining", e.target.value)}
                />
              )}
            </FormField>
          </div>
        )}
      </fieldset>
      {buyer && <BuyerCapsFields buyer={buyer} errors={errors} onChange={setCaps} />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" disabled={mutation.isPending} busy={mutation.isPending}>
          {buyer ? "Save Changes" : "Add Buyer"}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
