import { apiClient } from "@/lib/api-client";

export function signOut(options: { signal?: AbortSignal } = {}): Promise<unknown> {
  return apiClient.post("/api/auth/sign-out", {}, { allowUnauthenticated: true, signal: options.signal });
}
