import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { useDeleteCalls } from "../hooks/use-delete-calls";

/** "Delete selected" with its confirmation, for the live list and the history. */
export function DeleteCallsControls({ state }: { state: ReturnType<typeof useDeleteCalls> }) {
  const n = state.selected.size;
  return (
    <>
      <Button variant="outline" size="sm" onClick={state.askToDelete} disabled={n === 0}>
        <Trash2 aria-hidden="true" />
        Delete selected{n > 0 ? ` (${n})` : ""}
      </Button>
      <ConfirmDialog
        open={state.confirming}
        onOpenChange={state.setConfirming}
        title={`Delete ${n} call(s)?`}
        description="The call records are removed for good. Calls still in progress are ended at Twilio first."
        confirmLabel="Delete"
        busy={state.mutation.isPending}
        onConfirm={() => state.mutation.mutate()}
      />
    </>
  );
}
