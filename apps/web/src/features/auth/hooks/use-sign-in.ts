import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { INVITATIONS_PATH, linkBuyer, signInWithEmail, signOut, type TSignInInput } from "../api";
import {
  isInternalLoginError,
  LOGIN_MESSAGES,
  LOGIN_RETRY_DELAY_MS,
  loginErrorMessage,
} from "../login-errors";
import { signInDestination, type TLoginAudience } from "../sign-in-destination";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec 000 §4: one retry after 600 ms when the auth service fails on its side. */
export async function signInWithRetry(input: TSignInInput, delay = wait): Promise<void> {
  try {
    await signInWithEmail(input);
  } catch (error) {
    if (!isInternalLoginError(error)) throw error;
    await delay(LOGIN_RETRY_DELAY_MS);
    await signInWithEmail(input);
  }
}

export type TSignInState = {
  /** Which tab is signing in, while it does (also set while leaving the page after success). */
  busyAudience: TLoginAudience | null;
  error: { audience: TLoginAudience; message: string } | null;
  signIn: (input: TSignInInput, audience: TLoginAudience) => Promise<void>;
};

/** Signs in, reloads the session and goes where the user belongs. */
export function useSignIn(): TSignInState {
  const { refresh } = useSession();
  const { setMode } = useWorkspace();
  const navigate = useNavigate();
  const [busyAudience, setBusyAudience] = useState<TLoginAudience | null>(null);
  const [error, setError] = useState<TSignInState["error"]>(null);

  const signIn = useCallback(
    async (input: TSignInInput, audience: TLoginAudience) => {
      setError(null);
      setBusyAudience(audience);
      const fail = (message: string) => {
        setError({ audience, message });
        setBusyAudience(null);
      };

      try {
        await signInWithRetry(input);
      } catch (err) {
        fail(loginErrorMessage(err));
        return;
      }

      // Invitations to this address are answered on their own page; nothing is linked silently.
      const openInvitations = await linkBuyer();
      let user: Awaited<ReturnType<typeof refresh>>;
      try {
        user = await refresh();
      } catch {
        user = null;
      }
      if (!user) {
        fail(LOGIN_MESSAGES.noUser);
        return;
      }

      if (openInvitations > 0) {
        navigate(INVITATIONS_PATH, { replace: true });
        return;
      }
      const destination = signInDestination(user, audience);
      if (destination.refused) {
        await signOut().catch(() => undefined);
        await refresh().catch(() => null);
        fail(LOGIN_MESSAGES.buyerNotActive);
        return;
      }
      setMode(destination.workspaceMode);
      if (destination.warning === "not-a-buyer") toast.warning(LOGIN_MESSAGES.notBuyer);
      navigate(destination.to, { replace: true });
    },
    [refresh, setMode, navigate],
  );

  return { busyAudience, error, signIn };
}
