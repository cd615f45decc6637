import type { TNiche } from "@leadpost/shared";
import { NICHE_MESSAGES } from "@leadpost/shared/domain/niches";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/lib/api-error";
import { checksOnSubmit } from "@/lib/on-first-use";
import { toast } from "@/lib/toast";
import { createNiche, nichesQueryKey, updateNiche } from "../api";

type TNicheDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this niche; create a new one when absent. */
  niche?: TNiche | null;
};

/** Create, rename or reprice a niche: one call, field errors from the shared schema and the server. */
export function NicheDialog({ open, onOpenChange, niche }: TNicheDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-md">
      <NicheForm niche={niche ?? null} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

// The API's rules, loaded on the first submit (on-demand.mjs).
const loadChecks = checksOnSubmit(() => import("../form-checks"));

function NicheForm({ niche, onDone }: { niche: TNiche | null; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(niche?.name ?? "");
  const [price, setPrice] = useState(niche ? String(niche.price) : "0");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const saveFailed = (error: Error) => {
    if (isApiError(error) && error.fields) {
      setErrors({ name: error.fields.name?.[0], price: error.fields.price?.[0] });
    }
    toast.error(isApiError(error) ? error.message : "Failed to save the niche. Please try again.");
  };
  const mutation = useMutation({
    mutationFn: (input: { name: string; price: number }) =>
      niche ? updateNiche(niche.id, input) : createNiche(input),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: nichesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["buyers"] });
      onDone();
    },
    onError: saveFailed,
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checks = await loadChecks().catch(saveFailed);
    if (!checks) return;
    const { ZCreateNicheSchema } = checks;
    const parsed = ZCreateNicheSchema.safeParse({
      name,
      price: price.trim() === "" ? Number.NaN : Number(price),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{niche ? "Edit Niche" : "Add Niche"}</DialogTitle>
        <DialogDescription>
          The price is what a lead of this niche costs a buyer who has no cost per lead of its own.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Roofing"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          autoFocus
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="text-destructive text-sm">
            {errors.name}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-price`}>Price per lead (USD)</Label>
        <Input
          id={`${id}-price`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? `${id}-price-error` : undefined}
        />
        {errors.price && (
          <p id={`${id}-price-error`} className="text-destructive text-sm">
            {errors.price ?? NICHE_MESSAGES.PRICE_INVALID}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" disabled={mutation.isPending} busy={mutation.isPending}>
          {niche ? "Save" : "Add Niche"}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
