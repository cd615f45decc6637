import { apiClient } from "@/lib/api-client";

/** GET /api/whoami exactly as the server answers it (no schema), for the debug page. */
export function fetchRawWhoami(signal?: AbortSignal): Promise<unknown> {
  return apiClient.get("/api/whoami", { signal });
}
