import type { TNiche } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { deleteNiche, nichesQueryKey } from "../api";

/** Confirmation before deleting; the server refuses while buyers use the niche and says why. */
export function DeleteNicheDialog({ niche, onClose }: { niche: TNiche | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (nicheId: string) => deleteNiche(nicheId),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: nichesQueryKey });
      onClose();
    },
    onError: (error) => {
      toast.error(isApiError(error) ? error.message : "Failed to delete the niche. Please try again.");
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={niche !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${niche?.name ?? ""}?`}
      description="Forms and leads of this niche keep working without one. A niche that buyers still use cannot be deleted. This action cannot be undone."
      confirmLabel="Delete"
      busy={mutation.isPending}
      onConfirm={() => {
        if (niche) mutation.mutate(niche.id);
      }}
    />
  );
}
