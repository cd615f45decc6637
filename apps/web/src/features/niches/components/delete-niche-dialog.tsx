import type { TNiche } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { isApiError } from "@/lib/api-error";
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
    <AlertDialog open={niche !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {niche?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Forms and leads of this niche keep working without one. A niche that buyers still use cannot be
            deleted. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={mutation.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (niche) mutation.mutate(niche.id);
            }}
          >
            {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
