import type { TImpersonationStatus } from "@leadpost/shared/schemas/platform-admin";
import { useMutation } from "@tanstack/react-query";
import { UserRoundX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AFTER_IMPERSONATION_PATH } from "@/lib/session/impersonation-ended-constants";
import { toast } from "@/lib/toast";
import { endImpersonation } from "../api";

/** The banner's text and the way back, drawn while an impersonation is on (impersonation-banner.tsx). */
export function ImpersonationNotice({ status }: { status: TImpersonationStatus }) {
  const end = useMutation({
    mutationFn: endImpersonation,
    onSuccess: (result) => {
      // A full reload so no cached data of the impersonated user survives.
      window.location.assign(result.restored ? AFTER_IMPERSONATION_PATH : "/login");
    },
    onError: (error) => toast.error("Failed to end impersonation", { description: error.message }),
  });
  const until = status.expiresAt
    ? new Date(status.expiresAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })
    : null;

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-amber-300 border-b bg-amber-50 px-4 py-2 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <UserRoundX className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        You are impersonating <strong className="[overflow-wrap:anywhere]">{status.userEmail}</strong>
        {status.adminEmail && <> as {status.adminEmail}</>}.
        <span className="hidden sm:inline">
          {until && <> The session ends by itself at {until}.</>} You can look around; changes are limited to
          a few support actions.
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={() => end.mutate()} disabled={end.isPending}>
        {end.isPending ? "Ending…" : "End impersonation"}
      </Button>
    </div>
  );
}
