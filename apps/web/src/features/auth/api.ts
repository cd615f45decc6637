import { api } from "@/lib/api/typed-client";
import { open, schema } from "./api-base";

// The sign-in and session calls; the reset calls are in ./reset-api, the invitations' and registration's
// in ./invitation-api, so each account page downloads only its own.
// better-auth endpoints mounted by the API server at /api/auth/*, and our account endpoints.

export type TSignInInput = { email: string; password: string };

export function signInWithEmail(input: TSignInInput): Promise<unknown> {
  return api.post("/api/auth/sign-in/email", { body: input, ...open });
}

// Its own file: the layouts' sign-out button needs nothing else from here.
export { signOut } from "./sign-out-api";

export function fetchSignInOptions(signal?: AbortSignal) {
  return api.get("/api/sign-in-options", { ...open, schema: schema("ZSignInOptionsSchema"), signal });
}

/** Starts Google OAuth; resolves the provider URL the browser must open. */
export async function startGoogleSignIn(callbackURL = "/auth/callback"): Promise<string> {
  const answer = await api.post("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL, errorCallbackURL: "/auth/callback" },
    ...open,
    schema: schema("ZSocialSignInSchema"),
  });
  if (!answer.url) throw new Error("The server did not return a Google sign-in address.");
  return answer.url;
}

export function resendVerification(email: string): Promise<unknown> {
  return api.post("/api/auth/send-verification-email", {
    body: { email, callbackURL: "/auth/callback" },
    ...open,
  });
}

/**
 * Called at sign-in: how many buyer invitations to the user's address wait for an answer (nothing is
 * linked until the user accepts one on /invitations); failures count as none.
 */
export function linkBuyer(): Promise<number> {
  return api
    .post("/api/session/link-buyer", { body: {}, schema: schema("ZLinkedBuyerSchema") })
    .then((body) => body.invitations.length)
    .catch(() => 0);
}

/** Where a user with invitations waiting answers them. */
export const INVITATIONS_PATH = "/invitations";

export function ensureBuyerAccount() {
  return api.post("/api/session/buyer-account", { body: {}, schema: schema("ZBuyerAccountSchema") });
}
