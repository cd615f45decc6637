import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";

type TOptions<T> = {
  remove: (item: T) => Promise<{ message: string }>;
  /** What to refresh once it is gone. */
  invalidate: QueryKey;
  /** The spec's failure text, e.g. "Failed to delete agent" (the reason follows it), or a function of the reason. */
  failure: string | ((reason: string) => string);
  title: (item: T) => string;
  description: string | ((item: T) => string);
  confirmLabel?: string;
};

/**
 * Ask, then remove: `ask(item)` opens the confirmation, and `dialog` is rendered once by the screen.
 * The dialog stays open with a spinner while the request runs.
 */
export function useConfirmedRemoval<T>(options: TOptions<T>) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: (item: T) => options.remove(item),
    onSuccess: (result) => {
      toast.success(result.message);
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: options.invalidate });
    },
    onError: (err) => {
      setTarget(null);
      const reason = presentApiError(err).message;
      toast.error(
        typeof options.failure === "string" ? `${options.failure}: ${reason}` : options.failure(reason),
      );
    },
  });
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={target === null ? "" : options.title(target)}
      description={
        typeof options.description === "string"
          ? options.description
          : target === null
            ? ""
            : options.description(target)
      }
      confirmLabel={options.confirmLabel ?? "Delete"}
      busy={mutation.isPending}
      onConfirm={() => target !== null && mutation.mutate(target)}
    />
  );
  return { ask: setTarget, dialog, removedId: target };
}
