import { slotState, type TPreviewLead } from "@leadpost/shared";
import { useMutation } from "@tanstack/react-query";
import { CircleAlert, LockOpen } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { purchaseLeadWithCredit } from "../api";
import { useBuyerId, useRefreshBuyerPortal } from "../hooks/use-buyer-portal";
import { PURCHASE_TOASTS, purchaseErrorToast } from "../purchase-messages";
import { PreviewFields } from "./preview-fields";

type TPurchaseDialogProps = {
  lead: TPreviewLead;
  balance: number | null;
  onOpenChange: (open: boolean) => void;
};

/** Spec 003 §2.3 / §4: idle → processing → success (close and refresh) or failed (toast, stays open). */
export function PurchaseDialog({ lead, balance, onOpenChange }: TPurchaseDialogProps) {
  const buyerId = useBuyerId();
  const refresh = useRefreshBuyerPortal();
  // One key per opening: a double click or a retry of the same opening buys once.
  // Render it with key={leadId} so each opening gets a fresh key.
  const [idempotencyKey] = useState(() => `${lead.leadId}:${Date.now()}`);

  const purchase = useMutation({
    mutationFn: (leadId: string) => purchaseLeadWithCredit(buyerId, { leadId, idempotencyKey }),
    onSuccess: (result) => {
      const text = result.idempotent ? PURCHASE_TOASTS.idempotent : PURCHASE_TOASTS.success;
      toast.success(text.title, { description: text.description });
      onOpenChange(false);
      void refresh();
    },
    onError: (error) => {
      const text = purchaseErrorToast(error);
      toast.error(text.title, { description: text.description });
      void refresh();
    },
  });

  const slots = slotState(lead.saleCount, lead.saleCap);
  const cost = lead.priceCredits;
  const newBalance = balance === null ? null : balance - cost;
  const insufficient = balance !== null && balance < cost;
  const disabled = purchase.isPending || slots.soldOut || insufficient || balance === null;

  return (
    <Dialog open onOpenChange={(open) => !purchase.isPending && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Purchase Lead</DialogTitle>
          <DialogDescription>
            Unlock the full contact details of this lead with your credits.
          </DialogDescription>
        </DialogHeader>
        <PreviewFields lead={lead} />
        <p className="text-sm" data-testid="sold-counter">
          {slots.label}
        </p>
        {slots.soldOut ? (
          <p role="alert" className="flex items-center gap-2 text-destructive text-sm">
            <CircleAlert className="size-4" aria-hidden="true" /> This lead is sold out.
          </p>
        ) : (
          slots.urgent && (
            <p role="status" className="flex items-center gap-2 font-medium text-sm text-warning">
              <CircleAlert className="size-4" aria-hidden="true" />
              Only {slots.slotsLeft} {slots.slotsLeft === 1 ? "slot" : "slots"} left!
            </p>
          )
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm">
          <dt>Current balance</dt>
          <dd className="text-right tabular-nums" data-testid="current-balance">
            {balance ?? "…"} credits
          </dd>
          <dt>Cost</dt>
          <dd className="text-right tabular-nums">{cost} credits</dd>
          <dt className="font-medium">New balance</dt>
          <dd
            className={`text-right font-medium tabular-nums ${insufficient ? "text-destructive" : ""}`}
            data-testid="new-balance"
          >
            {newBalance ?? "…"} credits
          </dd>
        </dl>
        {insufficient && (
          <p className="text-destructive text-sm">
            {PURCHASE_TOASTS.insufficient.title}. {PURCHASE_TOASTS.insufficient.description}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={purchase.isPending}>
            Cancel
          </Button>
          <BusyButton
            onClick={() => purchase.mutate(lead.leadId)}
            disabled={disabled}
            aria-busy={purchase.isPending}
            busy={purchase.isPending}
            icon={<LockOpen aria-hidden="true" />}
            busyLabel="Processing..."
          >
            {`Unlock for ${cost} credits`}
          </BusyButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
