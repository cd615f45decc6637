import { RefreshCw, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useVersionCheck } from "../hooks/use-version-check";

/** Spec 000 §2.2 update notice, shown when a new build is deployed while the app is open. */
export function UpdateNotice() {
  const { newVersion, dismiss } = useVersionCheck();
  if (!newVersion) return null;
  return (
    <section
      aria-labelledby="update-notice-title"
      aria-live="polite"
      className="fixed right-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-sm animate-fade-in rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg"
    >
      <div className="flex gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex-1 space-y-1">
          <h2 id="update-notice-title" className="font-semibold text-sm">
            New version available
          </h2>
          <p className="text-muted-foreground text-sm">Refresh to load the latest version of Leadpost.</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Later
        </Button>
        <Button size="sm" onClick={() => window.location.reload()}>
          <RefreshCw />
          Refresh Now
        </Button>
      </div>
    </section>
  );
}
