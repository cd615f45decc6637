import { LoaderCircle, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { BOOTSTRAP_WATCHDOG_MS, useWatchdog } from "../hooks/use-watchdog";

type TFullPageLoadingProps = {
  /** What "Retry Now" does once the watchdog fires; reloads the page when not given. */
  onRetry?: () => void;
};

/** Spec 000 §2.2 full-page loading state, with the 4000 ms watchdog of §4. */
export function FullPageLoading({ onRetry }: TFullPageLoadingProps) {
  const [attempt, setAttempt] = useState(0);
  const hung = useWatchdog(BOOTSTRAP_WATCHDOG_MS, attempt);
  const retry = () => {
    setAttempt((n) => n + 1);
    if (onRetry) onRetry();
    else window.location.reload();
  };
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <LoaderCircle
        className="size-8 animate-spin text-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <div role="status" aria-live="polite" className="space-y-1">
        <p className="font-medium text-lg">Loading...</p>
        <p className="text-muted-foreground text-sm">Initializing application...</p>
      </div>
      {hung && (
        <div className="flex flex-col items-center gap-3" role="alert">
          <p className="text-muted-foreground text-sm">This is taking longer than expected...</p>
          <Button variant="outline" size="sm" onClick={retry}>
            <RefreshCw />
            Retry Now
          </Button>
        </div>
      )}
    </div>
  );
}
