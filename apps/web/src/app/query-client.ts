import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-error";

// Spec 000 §9 query defaults.
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const MAX_QUERY_RETRIES = 2;

/**
 * Client errors will not change on a retry, except a timeout (408) and a rate limit (429);
 * everything else (5xx, network) gets at most two more attempts.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    if (error.status !== 408 && error.status !== 429) return false;
  }
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: shouldRetryQuery,
      },
    },
  });
}
