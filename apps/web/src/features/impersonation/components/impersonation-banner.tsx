import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { fetchImpersonationStatus, impersonationStatusKey } from "../api";

// The notice (its text, the way back and that call) loads once an impersonation is on, which only a
// platform admin's Impersonate starts (ON_DEMAND in on-demand.mjs): every other session only asks.
const ImpersonationNotice = lazy(async () => ({
  default: (await import("./impersonation-notice")).ImpersonationNotice,
}));

/**
 * 003 §4: while a platform admin acts as someone else, every page says so and offers the way back.
 * The server ends such a session by itself after one hour.
 */
export function ImpersonationBanner() {
  const status = useQuery({
    queryKey: impersonationStatusKey,
    queryFn: ({ signal }) => fetchImpersonationStatus(signal),
    staleTime: 60_000,
  });
  if (!status.data?.active) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationNotice status={status.data} />
    </Suspense>
  );
}
