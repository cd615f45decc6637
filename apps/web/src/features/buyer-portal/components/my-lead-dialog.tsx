import { BUYER_PORTAL_LIMITS, type TMyLead } from "@leadpost/shared";
import { useState } from "react";
import { LeadDeliveryLog } from "@/components/lead-delivery/delivery-log";
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
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { useUpdateMyLead } from "../hooks/use-buyer-portal";
import { CrmStatusSelect } from "./crm-status-select";
import { ReturnLeadSection } from "./return-lead-section";

const answerText = (value: TMyLead["fields"][number]["value"]) =>
  value === null ? "—" : Array.isArray(value) ? value.join(", ") : String(value);

/** Every field of a purchased lead, its CRM status and notes. */
export function MyLeadDialog({ lead, onClose }: { lead: TMyLead; onClose: () => void }) {
  const [notes, setNotes] = useState(lead.notes ?? "");
  const { date: formatDate } = useDisplayFormat();
  const update = useUpdateMyLead();
  const save = () =>
    update.mutate(
      { leadId: lead.leadId, update: { notes } },
      {
        onSuccess: () => toast.success("Notes saved"),
        onError: (e) => toast.error("Failed to save notes", { description: e.message }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{lead.name ?? "Lead"}</DialogTitle>
          <DialogDescription>
            Received {formatDate(lead.createdAt)}
            {lead.unlockedAt ? ` · unlocked ${formatDate(lead.unlockedAt)}` : ""}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {/* Each value once, under the form's own labels (the server leaves out repeats). */}
          {lead.fields.map((f) => (
            <div key={f.label} className="contents">
              <dt className="text-muted-foreground">{f.label}</dt>
              <dd className="whitespace-pre-wrap break-words">
                {f.kind && typeof f.value === "string" ? (
                  <a
                    href={f.kind === "email" ? `mailto:${f.value}` : `tel:${f.value.replace(/[^\d+]/g, "")}`}
                    className="underline"
                  >
                    {f.value}
                  </a>
                ) : (
                  answerText(f.value)
                )}
              </dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-2">
          <Label>Status</Label>
          <CrmStatusSelect
            label="CRM status"
            value={lead.crmStatus}
            disabled={update.isPending}
            onChange={(crmStatus) =>
              update.mutate(
                { leadId: lead.leadId, update: { crmStatus } },
                { onError: (e) => toast.error("Failed to update status", { description: e.message }) },
              )
            }
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="lead-notes">Notes</Label>
          <Textarea
            id="lead-notes"
            value={notes}
            maxLength={BUYER_PORTAL_LIMITS.NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
            rows={4}
          />
        </div>
        <ReturnLeadSection lead={lead} />
        <LeadDeliveryLog path={`/api/buyer-portal/leads/${lead.leadId}/deliveries`} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <BusyButton
            onClick={save}
            disabled={update.isPending || notes === (lead.notes ?? "")}
            busy={update.isPending}
          >
            Save notes
          </BusyButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
