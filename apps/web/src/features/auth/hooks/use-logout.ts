import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LOGIN_PATH } from "@/app/route-access";
import { isApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { signOut } from "../sign-out-api";

/** Spec 000 §9: if the server has not answered the sign-out after 2 s, leave anyway. */
export const SIGN_OUT_FORCE_REDIRECT_MS = 2000;

export function useLogout(): { logout: () => void; isSigningOut: boolean } {
  const { clear } = useSession();
  const { reset } = useWorkspace();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const busy = useRef(false);

  const logout = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setIsSigningOut(true);

    const forceRedirect = setTimeout(() => {
      clear();
      reset();
      // A full load to /login: nothing of the old session survives, whatever the server does later.
      window.location.replace(LOGIN_PATH);
    }, SIGN_OUT_FORCE_REDIRECT_MS);

    signOut()
      .catch((error: unknown) => {
        // 401: the session was already gone, which is what the user wanted.
        if (!isApiError(error) || error.status !== 401) throw error;
      })
      .then(() => {
        clearTimeout(forceRedirect);
        clear();
        reset();
        toast.success("Logged out successfully");
        navigate(LOGIN_PATH, { replace: true });
      })
      .catch((error: unknown) => {
        clearTimeout(forceRedirect);
        busy.current = false;
        setIsSigningOut(false);
        toast.error("Sign out failed. Please try again.", {
          description: error instanceof Error ? error.message : undefined,
        });
      });
  }, [clear, reset, navigate]);

  return { logout, isSigningOut };
}
