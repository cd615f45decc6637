import { z } from "zod";
import { apiClient } from "@/lib/api-client";

// better-auth endpoints mounted by the API server at /api/auth/*.

export type TSignInInput = { email: string; password: string };

export function signInWithEmail(input: TSignInInput): Promise<unknown> {
  return apiClient.post("/api/auth/sign-in/email", input, { allowUnauthenticated: true });
}

export function signOut(options: { signal?: AbortSignal } = {}): Promise<unknown> {
  return apiClient.post("/api/auth/sign-out", {}, { allowUnauthenticated: true, signal: options.signal });
}

const ZSocialSignInSchema = z.object({ url: z.string().optional(), redirect: z.boolean().optional() });

/** Starts Google OAuth; resolves the provider URL the browser must open. */
export async function startGoogleSignIn(callbackURL = "/auth/callback"): Promise<string> {
  const answer = await apiClient.post(
    "/api/auth/sign-in/social",
    { provider: "google", callbackURL },
    { allowUnauthenticated: true, schema: ZSocialSignInSchema },
  );
  if (!answer.url) throw new Error("The server did not return a Google sign-in address.");
  return answer.url;
}
