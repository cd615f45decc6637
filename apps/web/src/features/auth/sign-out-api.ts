import { api } from "@/lib/api/typed-client";

export function signOut(options: { signal?: AbortSignal } = {}): Promise<unknown> {
  return api.post("/api/auth/sign-out", { body: {}, allowUnauthenticated: true, signal: options.signal });
}
