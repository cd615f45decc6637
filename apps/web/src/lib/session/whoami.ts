import type { TWhoami } from "@leadpost/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/typed-client";
import { isApiError } from "@/lib/api-error";
import { IMPERSONATION_ENDED_CODE } from "./impersonation-ended-constants";

/** Every session query key starts with this; the bootstrap retry keeps such queries. */
export const SESSION_QUERY_ROOT = "session";
export const whoamiQueryKey = [SESSION_QUERY_ROOT, "whoami"] as const;

/**
 * The signed-in user, or null when signed out (401). Other failures throw. The answer is not checked
 * with ZWhoamiSchema here: this call is part of every page's first load, and zod is not.
 */
export async function fetchWhoami(
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<TWhoami | null> {
  try {
    return await api.get("/api/whoami", {
      allowUnauthenticated: true,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    // An impersonation whose hour ran out: back to the admin's own session instead of signed out.
    // Loaded only then: it is not part of the first load.
    if (isApiError(error) && error.code === IMPERSONATION_ENDED_CODE) {
      return (await import("./impersonation-ended")).returnFromEndedImpersonation();
    }
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const whoamiQueryOptions = queryOptions({
  queryKey: whoamiQueryKey,
  queryFn: ({ signal }) => fetchWhoami({ signal }),
  // Focus and tab-visible refreshes are done by the session rehydration (timeout and retry of its own).
  refetchOnWindowFocus: false,
});
