import { useQuery } from "@tanstack/react-query";
import { Clock, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { companyStatusQueryKey, fetchCompanyStatus } from "@/lib/queries/company-status";
import { isBuyerOnly } from "@/lib/session/session-roles";
import { useSession } from "@/lib/session/use-session";
import { cn } from "@/lib/utils";
import { dismissKey, isDismissed, rememberDismissal, trialBannerState } from "../trial-banner-state";

/** The free-trial strip above company screens (001 §2 Trial banner); never shown to buyers. */
export function TrialBanner() {
  const { user } = useSession();
  const companyId = user?.organizationId ?? null;
  const show = Boolean(user && companyId && !isBuyerOnly(user));
  const status = useQuery({
    queryKey: companyStatusQueryKey,
    queryFn: ({ signal }) => fetchCompanyStatus(signal),
    staleTime: 5 * 60 * 1000,
    enabled: show,
  });
  const key = user && companyId ? dismissKey(user.userId, companyId) : null;
  const [dismissed, setDismissed] = useState(() => (key ? isDismissed(key) : false));
  const state = trialBannerState(status.data);
  if (!show || !key || dismissed || !state) return null;

  return (
    <div
      role="status"
      className={cn(
        "flex items-center gap-3 border-b px-4 py-2 text-sm md:px-6",
        state.urgent ? "border-destructive/30 bg-destructive/10" : "bg-muted/50",
      )}
    >
      <Clock
        className={cn("size-4 shrink-0", state.urgent ? "text-destructive" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <p className="flex flex-1 flex-wrap items-center gap-2">
        <span className="font-medium">Free trial</span>
        <Badge variant={state.urgent ? "destructive" : "secondary"}>
          {state.expired ? "Expired" : `${state.daysLeft} ${state.daysLeft === 1 ? "day" : "days"} left`}
        </Badge>
        <span className="text-muted-foreground">
          {state.expired
            ? "Your trial has ended."
            : "Upgrade to keep your team and buyers working without interruption."}
        </span>
        <Link
          to="/owner/settings#subscription"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Upgrade
        </Link>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label="Dismiss trial notice"
        onClick={() => {
          rememberDismissal(key);
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
