import type { TPreviewLead } from "@leadpost/shared";
import { Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { lazyDialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { useDeletePreviews } from "../hooks/use-buyer-portal";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { PreviewCard } from "./preview-card";

// The purchase dialog (its rules, calls and messages) loads on the first Purchase (ON_DEMAND in
// on-demand.mjs), with the backdrop and a spinner meanwhile.
const PurchaseDialog = lazyDialog(
  async () => (await import("./purchase-dialog")).PurchaseDialog,
  () => true,
);

type TPreviewBoardProps = { previews: TPreviewLead[]; balance: number | null };

/** Preview cards with select-all, per-card and bulk delete (confirmed), and the purchase dialog. */
export function PreviewBoard({ previews, balance }: TPreviewBoardProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<string[]>([]);
  const [buying, setBuying] = useState<TPreviewLead | null>(null);
  const remove = useDeletePreviews();

  // Selection only ever holds ids still on screen (a refresh may have removed some).
  const visibleSelected = useMemo(
    () => previews.filter((p) => selected.has(p.leadId)).map((p) => p.leadId),
    [previews, selected],
  );
  const allSelected = previews.length > 0 && visibleSelected.length === previews.length;

  const toggle = (leadId: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(leadId);
      else next.delete(leadId);
      return next;
    });

  const confirmDelete = () => {
    const ids = pendingDelete;
    setPendingDelete([]);
    remove.mutate(ids, {
      onSuccess: () => setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id)))),
    });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2 text-sm">
          <Checkbox
            id="previews-select-all"
            checked={allSelected ? true : visibleSelected.length > 0 ? "indeterminate" : false}
            onCheckedChange={(v) =>
              setSelected(v === true ? new Set(previews.map((p) => p.leadId)) : new Set())
            }
          />
          <Label htmlFor="previews-select-all" className="cursor-pointer font-normal">
            Select all
          </Label>
        </div>
        {visibleSelected.length > 0 && (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => setPendingDelete(visibleSelected)}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden="true" />
            Delete selected ({visibleSelected.length})
          </Button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {previews.map((lead) => (
          <PreviewCard
            key={lead.leadId}
            lead={lead}
            selected={selected.has(lead.leadId)}
            onSelectedChange={(on) => toggle(lead.leadId, on)}
            onPurchase={() => setBuying(lead)}
            onDelete={() => setPendingDelete([lead.leadId])}
          />
        ))}
      </div>
      <ConfirmDeleteDialog
        count={pendingDelete.length}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete([])}
      />
      {buying && (
        <PurchaseDialog
          key={buying.leadId}
          lead={buying}
          balance={balance}
          onOpenChange={(open) => !open && setBuying(null)}
        />
      )}
    </div>
  );
}
