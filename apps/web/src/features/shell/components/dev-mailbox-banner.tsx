import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { apiPath } from "@/lib/api/typed-client";

// The note loads only while the mailbox is on, which it never is in production (ON_DEMAND in on-demand.mjs).
const DevMailboxNote = lazy(async () => ({ default: (await import("./dev-mailbox-note")).DevMailboxNote }));

async function fetchDevMailboxFlag(): Promise<boolean> {
  const response = await fetch(apiPath("/api/health"), { headers: { Accept: "application/json" } });
  // A degraded instance (503) still tells whether the mailbox is on.
  // Only the one flag is read, so it is checked by hand (zod stays out of the first load).
  const health: unknown = await response.json();
  return (
    typeof health === "object" && health !== null && (health as { devMailbox?: unknown }).devMailbox === true
  );
}

/**
 * Shown on every page while the development mailbox is on (never in production): whoever uses this
 * instance should know that the e-mails it sends, reset links included, are readable there.
 */
export function DevMailboxBanner() {
  const { data: on } = useQuery({
    queryKey: ["system", "dev-mailbox"],
    queryFn: fetchDevMailboxFlag,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <DevMailboxNote />
    </Suspense>
  );
}
