import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { presentApiErrorLater } from "@/lib/present-error-later";
import { toast } from "@/lib/toast";
import { callCenterKeys, deleteCalls } from "../api";

/** Selection plus confirmed delete of calls (live ones are ended at Twilio by the server first). */
export function useDeleteCalls() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => deleteCalls([...selected]),
    onSuccess: (result) => {
      toast.success(result.message);
      setSelected(new Set());
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
    },
    onError: async (err) => {
      setConfirming(false);
      toast.error(`Failed to delete calls: ${(await presentApiErrorLater(err)).message}`);
    },
  });
  const askToDelete = () => {
    if (selected.size === 0) toast.error("No calls selected");
    else setConfirming(true);
  };
  return { selected, setSelected, confirming, setConfirming, askToDelete, mutation };
}
