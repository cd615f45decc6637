import { useEffect, useState } from "react";
import { formatDuration } from "../../lib/format";

/** Whole seconds recorded so far (never below zero, should the clock step back). */
export const recordedSeconds = (startedAt: number, now: number) =>
  Math.max(0, Math.floor((now - startedAt) / 1000));

/**
 * What the microphone is doing, while the browser records a greeting: "Recording… 0:03". The region
 * stays on the page while nothing records, so screen readers announce "Recording…" when it starts (a
 * live region added with its text already in it is often not read); the time ticking inside it is
 * not read out every second.
 */
export function RecordingStatus({ startedAt }: { startedAt: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return (
    <p role="status" className="flex items-center gap-2 font-medium text-sm empty:hidden">
      {startedAt !== null && (
        <>
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full bg-destructive motion-safe:animate-pulse"
          />
          Recording…{" "}
          <span aria-live="off" className="tabular-nums">
            {formatDuration(recordedSeconds(startedAt, now))}
          </span>
        </>
      )}
    </p>
  );
}
