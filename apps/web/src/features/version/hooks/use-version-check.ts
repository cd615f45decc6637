import { useCallback, useEffect, useState } from "react";
import { fetchVersion } from "../api";

/** Spec 000 §9: poll every 30 s. */
export const VERSION_POLL_INTERVAL_MS = 30_000;

export type TVersionCheck = {
  /** A version other than the one this page loaded with, until dismissed. */
  newVersion: string | null;
  dismiss: () => void;
};

/** Polls /version.json and reports when the server runs a different build than the first one seen. */
export function useVersionCheck(intervalMs = VERSION_POLL_INTERVAL_MS): TVersionCheck {
  const [newVersion, setNewVersion] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    let loadedVersion: string | null = null;
    let cancelled = false;
    const check = async () => {
      try {
        const { version } = await fetchVersion();
        if (cancelled) return;
        if (loadedVersion === null) loadedVersion = version;
        else if (version !== loadedVersion) setNewVersion(version);
      } catch (error) {
        console.warn("Failed to fetch version", error);
      }
    };
    void check();
    const timer = setInterval(check, intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [intervalMs]);

  const dismiss = useCallback(() => setDismissed(newVersion), [newVersion]);
  return { newVersion: newVersion !== dismissed ? newVersion : null, dismiss };
}
