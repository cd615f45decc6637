import type { TWhoami } from "@leadpost/shared";
import { isApiError } from "@/lib/api-error";

// Spec 000 §9.
export const REHYDRATE_TIMEOUT_MS = 10_000;
export const REHYDRATE_RETRY_DELAY_MS = 2_000;

/** Worth one more try: no answer, a timeout, or a server error. */
export function isTransientSessionError(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Re-reads the session with a 10 s timeout, retrying once after 2 s on a transient failure.
 * Resolves null when the session has ended.
 */
export async function rehydrateSession(
  fetchSession: (timeoutMs: number) => Promise<TWhoami | null>,
  delay: (ms: number) => Promise<void> = wait,
): Promise<TWhoami | null> {
  try {
    return await fetchSession(REHYDRATE_TIMEOUT_MS);
  } catch (error) {
    if (!isTransientSessionError(error)) throw error;
    await delay(REHYDRATE_RETRY_DELAY_MS);
    return fetchSession(REHYDRATE_TIMEOUT_MS);
  }
}
