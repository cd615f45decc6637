import type { TBuyer } from "@leadpost/shared";
import { archivePrompt, BUYER_MESSAGES, buyerDisplayName } from "@leadpost/shared/domain/buyers";
import { useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { BusyButton } from "@/components/ui/busy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useArchiveBuyerMutation } from "../hooks/use-buyer-mutations";

/** Archive confirmation: the exact company name must be typed (001 §5). */
export function ArchiveBuyerDialog({ buyer, onClose }: { buyer: TBuyer | null; onClose: () => void }) {
  return (
    <AlertDialog open={buyer !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>{buyer && <ArchiveForm buyer={buyer} onClose={onClose} />}</AlertDialogContent>
    </AlertDialog>
  );
}

function ArchiveForm({ buyer, onClose }: { buyer: TBuyer; onClose: () => void }) {
  const id = useId();
  const name = buyerDisplayName(buyer);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useArchiveBuyerMutation(onClose);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== name.trim()) {
      setError(BUYER_MESSAGES.ARCHIVE_NAME_MISMATCH);
      return;
    }
    setError(undefined);
    mutation.mutate({ buyerId: buyer.id, confirmName: typed });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{archivePrompt(name)}</AlertDialogTitle>
        <AlertDialogDescription>
          Type <strong className="font-semibold text-foreground">{name}</strong> to confirm.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <FormField id={`${id}-confirm`} label="Company name" error={error}>
        {(a11y) => (
          <Input
            {...a11y}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      <AlertDialogFooter>
        <AlertDialogCancel type="button" disabled={mutation.isPending}>
          Cancel
        </AlertDialogCancel>
        <BusyButton
          type="submit"
          variant="destructive"
          disabled={mutation.isPending}
          busy={mutation.isPending}
        >
          Archive
        </BusyButton>
      </AlertDialogFooter>
    </form>
  );
}
