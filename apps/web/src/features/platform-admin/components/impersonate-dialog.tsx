import { PLATFORM_ADMIN_MESSAGES } from "@leadpost/shared";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { startImpersonation } from "../api";

/**
 * 003 §2.11 and §4: start acting as a user. The server swaps the session cookie (keeping the admin's
 * aside); the page then goes to /dashboard and reloads, where the role switch picks the right side.
 */
export function ImpersonateDialog({
  target,
  onClose,
}: {
  target: { email: string; userId: string } | null;
  onClose: () => void;
}) {
  const start = useMutation({
    mutationFn: startImpersonation,
    onSuccess: (result) => {
      if (!result.userId) {
        toast.error(PLATFORM_ADMIN_MESSAGES.NO_IMPERSONATION_TOKEN);
        return;
      }
      window.location.assign("/dashboard");
    },
    onError: (err) => toast.error(PLATFORM_ADMIN_MESSAGES.IMPERSONATE_FAILED, { description: err.message }),
  });
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Impersonate user</DialogTitle>
          <DialogDescription>
            You will see Leadpost as <strong className="break-all">{target?.email}</strong> for up to one
            hour. Credits, purchases, payments and payment settings cannot be changed meanwhile, and the start
            and end are recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => target && start.mutate(target.userId)} disabled={start.isPending}>
            {start.isPending ? "Starting…" : "Impersonate"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
