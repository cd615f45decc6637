import type { TWhoami } from "@leadpost/shared";
import { useEffect, useRef } from "react";
import { rehydrateSession } from "./rehydrate-session";
import { fetchWhoami } from "./whoami";

/**
 * Refreshes the session when the window regains focus or the tab becomes visible again (spec 000 §4),
 * skipping the first such event, which browsers fire right after load.
 */
export function useSessionRehydration(enabled: boolean, onSession: (user: TWhoami | null) => void): void {
  const onSessionRef = useRef(onSession);
  useEffect(() => {
    onSessionRef.current = onSession;
  });

  useEffect(() => {
    if (!enabled) return;
    let seenFirst = false;
    let running = false;
    let disposed = false;

    const run = () => {
      if (!seenFirst) {
        seenFirst = true;
        return;
      }
      // Focus and visibilitychange usually arrive together; one refresh covers both.
      if (running) return;
      running = true;
      rehydrateSession((timeoutMs) => fetchWhoami({ timeoutMs }))
        .then((user) => {
          if (!disposed) onSessionRef.current(user);
        })
        .catch((error: unknown) => {
          // Keep the current session on a failed refresh; the next API call will tell.
          console.warn("Session refresh failed", error);
        })
        .finally(() => {
          running = false;
        });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") run();
    };

    window.addEventListener("focus", run);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      disposed = true;
      window.removeEventListener("focus", run);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [enabled]);
}
