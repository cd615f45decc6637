import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Asks before previews are removed from the buyer's list. */
export function ConfirmDeleteDialog({
  count,
  onConfirm,
  onCancel,
}: {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={count > 0}
      onOpenChange={(open) => !open && onCancel()}
      title={count === 1 ? "Delete this lead?" : `Delete ${count} leads?`}
      description={`${count === 1 ? "The preview is" : "The previews are"} removed from your list. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
