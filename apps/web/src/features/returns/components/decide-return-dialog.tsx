import type { TLeadReturn } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { approveReturn, rejectReturn, returnKeys } from "../api";

export type TDecision = { ret: TLeadReturn; action: "approve" | "reject" };

/**
 * Asks before a return is decided (a decision cannot be undone), with an optional note the buyer sees;
 * approving also offers to free the lead's slot for resale (preset from the company's setting).
 */
export function DecideReturnDialog({
  decision,
  resellByDefault,
  onClose,
}: {
  decision: TDecision | null;
  resellByDefault: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={decision !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        {decision && <DecisionForm decision={decision} resellByDefault={resellByDefault} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DecisionForm({
  decision,
  resellByDefault,
  onClose,
}: {
  decision: TDecision;
  resellByDefault: boolean;
  onClose: () => void;
}) {
  const { ret, action } = decision;
  const [note, setNote] = useState("");
  const [resell, setResell] = useState(resellByDefault);
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: () =>
      action === "approve"
        ? approveReturn(ret.id, { note: note.trim() || undefined, resell })
        : rejectReturn(ret.id, { note: note.trim() || undefined }),
    onSuccess: () => {
      toast.success(action === "approve" ? `Approved: ${ret.credits} credits refunded` : "Return rejected");
      onClose();
    },
    onError: (e) => toast.error("The return could not be decided", { description: e.message }),
    // Whatever happened (another admin may have decided it first), the queue shows it as it is now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
  const lead = ret.leadName ?? "this lead";
  return (
    <>
      <DialogHeader>
        <DialogTitle>{action === "approve" ? "Approve this return?" : "Reject this return?"}</DialogTitle>
        <DialogDescription>
          {action === "approve"
            ? `${ret.buyerName} gets ${ret.credits} credits back for ${lead}. This cannot be undone.`
            : `${ret.buyerName} keeps ${lead} and no credits move. This cannot be undone.`}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="decision-note">Note to the buyer (optional)</Label>
        <Textarea
          id="decision-note"
          value={note}
          maxLength={1000}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {action === "approve" && (
        <div className="flex items-start gap-2">
          <Checkbox id="decision-resell" checked={resell} onCheckedChange={(v) => setResell(v === true)} />
          <Label htmlFor="decision-resell" className="font-normal leading-snug">
            Free the lead's slot so another buyer can buy it
          </Label>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
          Cancel
        </Button>
        <BusyButton
          variant={action === "approve" ? "default" : "destructive"}
          busy={decide.isPending}
          onClick={() => decide.mutate()}
        >
          {action === "approve" ? "Approve and refund" : "Reject return"}
        </BusyButton>
      </DialogFooter>
    </>
  );
}
