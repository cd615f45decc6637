import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LOGIN_PATH } from "@/app/route-access";
import { isApiError } from "@/lib/api-error";
import { flashToasts } from "@/lib/flash-toast";
import { useSession } from "@/lib/session/use-session";
import { takeToastsOnScreen, toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { signOut } from "../sign-out-api";

/** Spec 000 §9: if the server has not answered the sign-out after 2 s, leave anyway. */
export const SIGN_OUT_FORCE_REDIRECT_MS = 2000;
/** Spec 000 §9's sign-out toast, shown whichever way the user leaves. */
const LOGGED_OUT = "Logged out successfully";

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
      // The user is signed out here whatever the server says later, and told so on the sign-in page.
      toast.success(LOGGED_OUT);
      flashToasts(takeToastsOnScreen());
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
        toast.success(LOGGED_OUT);
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
