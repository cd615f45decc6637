// What happens after the sign-in form is submitted (the plain-DOM twin of the app's old useSignIn):
// sign in through better-auth, offer waiting invitations, and pick where the user lands.
import type { TWhoami } from "@leadpost/shared";
import { homePathFor } from "@/app/route-access";
import { INVITATIONS_PATH, signOut } from "@/features/auth/api";
import { LOGIN_MESSAGES, loginErrorMessage } from "@/features/auth/login-errors";
import { signInDestination, type TLoginAudience } from "@/features/auth/sign-in-destination";
import { signInWithRetry } from "@/features/auth/sign-in-with-retry";
import { api } from "@/lib/api/typed-client";
import { isApiError } from "@/lib/api-error";
import { flashToast } from "@/lib/flash-toast";
import { readWorkspace, resolveWorkspace, writeWorkspace } from "@/lib/workspace/workspace-storage";

const open = { allowUnauthenticated: true } as const;

/** The signed-in user, or null when signed out (answers are read as the app reads them, without zod). */
export async function fetchSignedInUser(): Promise<TWhoami | null> {
  try {
    return await api.get("/api/whoami", { ...open });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** Where an already signed-in user belongs (the app's redirect away from /login). */
export function homeOf(user: TWhoami): string {
  return homePathFor(user, resolveWorkspace(readWorkspace(), user).mode);
}

/** How many buyer invitations to the user's address wait for an answer; failures count as none. */
async function waitingInvitations(): Promise<number> {
  try {
    const body = await api.post("/api/session/link-buyer", { body: {} });
    return Array.isArray(body?.invitations) ? body.invitations.length : 0;
  } catch {
    return 0;
  }
}

export type TSignInOutcome = { type: "leave"; to: string } | { type: "failed"; message: string };

/**
 * Signs in and says where to go next (spec 000 §2.3, §4 and §6), as the app did: an open invitation
 * first, else the tab's destination; an inactive buyer is signed out again with the reason. The chosen
 * workspace is stored for the app, and a warning for it waits as a flash toast.
 */
export async function signIn(
  input: { email: string; password: string },
  audience: TLoginAudience,
): Promise<TSignInOutcome> {
  try {
    await signInWithRetry(input);
  } catch (error) {
    return { type: "failed", message: loginErrorMessage(error) };
  }

  const openInvitations = await waitingInvitations();
  let user: TWhoami | null;
  try {
    user = await fetchSignedInUser();
  } catch {
    user = null;
  }
  if (!user) return { type: "failed", message: LOGIN_MESSAGES.noUser };

  if (openInvitations > 0) return { type: "leave", to: INVITATIONS_PATH };
  const destination = signInDestination(user, audience);
  if (destination.refused) {
    await signOut().catch(() => undefined);
    return { type: "failed", message: LOGIN_MESSAGES.buyerNotActive };
  }
  writeWorkspace(resolveWorkspace({ ...readWorkspace(), mode: destination.workspaceMode }, user));
  if (destination.warning === "not-a-buyer") flashToast("warning", LOGIN_MESSAGES.notBuyer);
  return { type: "leave", to: destination.to };
}

/** Whether the server offers Google sign-in (checked by hand: zod stays out of this page). */
export async function googleSignInOffered(): Promise<boolean> {
  try {
    const body = await api.get("/api/sign-in-options", { ...open });
    return body?.google === true;
  } catch {
    return false;
  }
}

/** Starts Google OAuth; resolves the provider URL the browser must open. */
export async function startGoogleSignIn(): Promise<string> {
  const answer = await api.post("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL: "/auth/callback", errorCallbackURL: "/auth/callback" },
    ...open,
  });
  if (typeof answer?.url !== "string" || !answer.url) {
    throw new Error("The server did not return a Google sign-in address.");
  }
  return answer.url;
}
