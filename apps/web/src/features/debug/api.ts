import { api } from "@/lib/api/typed-client";

/** GET /api/whoami exactly as the server answers it (no schema), for the debug page. */
export function fetchRawWhoami(signal?: AbortSignal): Promise<unknown> {
  return api.get("/api/whoami", { signal });
}
