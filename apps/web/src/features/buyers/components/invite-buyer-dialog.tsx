import { ZInviteBuyerSchema } from "@leadpost/shared";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useInviteMutation } from "../hooks/use-invite-mutation";
import { NicheSelect } from "./niche-select";

type TInviteTarget = { buyerId: string; email: string; nicheId: string | null };

type TInviteBuyerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Send or resend to an existing buyer: the e-mail is fixed. */
  target?: TInviteTarget | null;
};

export function InviteBuyerDialog({ open, onOpenChange, target }: TInviteBuyerDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-md">
      <InviteForm target={target ?? null} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function InviteForm({ target, onDone }: { target: TInviteTarget | null; onDone: () => void }) {
  const id = useId();
  const [email, setEmail] = useState(target?.email ?? "");
  const [nicheId, setNicheId] = useState(target?.nicheId ?? "");
  const [errors, setErrors] = useState<{ email?: string; nicheId?: string }>({});
  const mutation = useInviteMutation();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZInviteBuyerSchema.safeParse({ email, nicheId, buyerId: target?.buyerId });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Invite New Buyer</DialogTitle>
        <DialogDescription>
          The buyer receives an e-mail with a link to create a password for the Lead Buyer Portal. The link
          works once and expires in 7 days.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-email`} label="Email" error={errors.email}>
        {(a11y) => (
          <Input
            {...a11y}
            type="email"
            autoComplete="off"
            value={email}
            readOnly={Boolean(target)}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="buyer@company.com"
          />
        )}
      </FormField>
      <FormField id={`${id}-niche`} label="Niche" error={errors.nicheId}>
        {(a11y) => <NicheSelect {...a11y} allowNone={false} value={nicheId} onChange={setNicheId} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" disabled={mutation.isPending} busy={mutation.isPending}>
          Send Invitation
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
