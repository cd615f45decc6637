import type { TAdminCompanyResult } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { platformAdminKeys } from "../api";

/**
 * A company action: the answer replaces the page's copy of the company and says what changed; a refused
 * input's message goes beside its field (fieldError), anything else to one toast.
 */
export function useCompanyAction<TInput>(
  companyId: string,
  run: (input: TInput) => Promise<TAdminCompanyResult>,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      queryClient.setQueryData(platformAdminKeys.company(companyId), result.company);
      void queryClient.invalidateQueries({ queryKey: ["platform-admin", "subscribers"] });
      void queryClient.invalidateQueries({ queryKey: platformAdminKeys.audit });
      toast.success(result.message);
      onDone?.();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 422)) toast.error(err.message);
    },
  });
  const error = mutation.error;
  const fieldError = (field: string) =>
    error instanceof ApiError && error.status === 422
      ? (error.fields?.[field]?.[0] ?? error.message)
      : undefined;
  return { mutation, fieldError };
}
