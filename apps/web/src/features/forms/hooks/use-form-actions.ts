import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { deleteForm, formKeys, setFormPublished } from "../api";
import { FORM_LIST_MESSAGES } from "../lib/messages";

/** Publish/unpublish and delete, with the toasts of 001 §8; every forms query is refreshed after. */
export function useFormActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: formKeys.all });

  const status = useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) => setFormPublished(id, publish),
    onSuccess: (result) => {
      toast.success(
        result.status === "published" ? FORM_LIST_MESSAGES.PUBLISHED : FORM_LIST_MESSAGES.UNPUBLISHED,
      );
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      return refresh();
    },
    onError: (error) => toast.error(FORM_LIST_MESSAGES.STATUS_FAILED, { description: error.message }),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteForm(id),
    onSuccess: () => {
      toast.success(FORM_LIST_MESSAGES.DELETED);
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      return refresh();
    },
    onError: (error) => toast.error(FORM_LIST_MESSAGES.DELETE_FAILED, { description: error.message }),
  });
  return { status, remove };
}
