import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { inviteBuyer } from "../api";
import { useInvalidateBuyers } from "./use-buyer-mutations";

/** Sends (or resends) the invitation; the toast of 001 §7, with Retry on failure. */
export function useInviteMutation() {
  const invalidate = useInvalidateBuyers();
  const mutation = useMutation({
    mutationFn: inviteBuyer,
    onSuccess: (result) => {
      toast.success(`Invitation sent to ${result.email}`, {
        description: "The buyer will receive an email to create their password.",
      });
      invalidate();
    },
    onError: (error, variables) => {
      toast.error("Failed to send invitation", {
        description: error.message || "Please try again or check logs",
        action: { label: "Retry", onClick: () => mutation.mutate(variables) },
      });
    },
  });
  return mutation;
}
