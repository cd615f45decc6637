import type { TLeadReturn, TMyLead } from "@leadpost/shared";
import { useState } from "react";
import { ReturnStatusBadge } from "@/components/return-status-badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useBuyerReturns, useFileReturn } from "../hooks/use-buyer-returns";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A filed return's state on the lead, with the company's note once decided. */
export function ReturnState({ ret }: { ret: TLeadReturn }) {
  return (
    <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid="lead-return-state">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Return</span>
        <ReturnStatusBadge status={ret.status} />
        <span className="text-muted-foreground">{ret.reason}</span>
      </div>
      {ret.status === "approved" && (
        <p className="text-muted-foreground">
          {ret.credits} credits were refunded{ret.autoApproved ? " automatically" : ""}.
        </p>
      )}
      {ret.decisionNote && <p className="whitespace-pre-wrap break-words">Note: {ret.decisionNote}</p>}
    </div>
  );
}

/**
 * On a purchased lead: its return's state, or the form to return it (a reason from the company's
 * list and a note) while the company's window is open. The server decides; this only hides the form
 * when it could not succeed.
 */
export function ReturnLeadSection({ lead }: { lead: TMyLead }) {
  const returns = useBuyerReturns();
  const file = useFileReturn();
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  if (lead.acquiredVia !== "credits" || !returns.data) return null;
  const filed = returns.data.returns.find((r) => r.leadId === lead.leadId);
  if (filed) return <ReturnState ret={filed} />;
  const { windowDays, reasons } = returns.data.policy;
  const boughtAt = lead.unlockedAt ? new Date(lead.unlockedAt).getTime() : Date.now();
  if (Date.now() - boughtAt > windowDays * DAY_MS || reasons.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Returns are accepted within {windowDays} {windowDays === 1 ? "day" : "days"} of purchase.
      </p>
    );
  }

  const submit = () => {
    if (!reason) {
      setReasonError("Choose a reason for the return");
      return;
    }
    file.mutate(
      { leadId: lead.leadId, reason, note: note.trim() || undefined },
      {
        onSuccess: (result) =>
          toast.success(
            result.return.status === "approved"
              ? "Return approved, credits refunded"
              : "Return sent for review",
          ),
        onError: (e) => {
          const field = isApiError(e) ? e.fields?.reason?.[0] : undefined;
          if (field) setReasonError(field);
          toast.error("The lead could not be returned", { description: e.message });
        },
      },
    );
  };

  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 font-medium text-sm">Return this lead</legend>
      <p className="text-muted-foreground text-xs">
        Within {windowDays} {windowDays === 1 ? "day" : "days"} of purchase. If the company approves, your
        credits come back.
      </p>
      <div className="grid gap-1">
        <Label htmlFor="return-reason">Reason</Label>
        <Select
          value={reason}
          onValueChange={(v) => {
            setReason(v);
            setReasonError(null);
          }}
        >
          <SelectTrigger
            id="return-reason"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "return-reason-error" : undefined}
          >
            <SelectValue placeholder="Choose a reason" />
          </SelectTrigger>
          <SelectContent>
            {reasons.map((r) => (
              <SelectItem key={r} value={r}>
                {r}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {reasonError && (
          <p id="return-reason-error" className="text-destructive text-sm">
            {reasonError}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor="return-note">Note (optional)</Label>
        <Textarea
          id="return-note"
          value={note}
          maxLength={1000}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <BusyButton className="w-fit" variant="outline" onClick={submit} busy={file.isPending}>
        Return lead
      </BusyButton>
    </fieldset>
  );
}
