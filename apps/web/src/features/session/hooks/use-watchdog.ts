import { useEffect, useState } from "react";

/** Spec 000 §4: the bootstrap counts as hung after 4000 ms. */
export const BOOTSTRAP_WATCHDOG_MS = 4000;

/** True once `ms` have passed since mount (or since `restartKey` last changed). */
export function useWatchdog(ms: number, restartKey?: unknown): boolean {
  const [expired, setExpired] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the timer on purpose.
  useEffect(() => {
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), ms);
    return () => clearTimeout(timer);
  }, [ms, restartKey]);
  return expired;
}
