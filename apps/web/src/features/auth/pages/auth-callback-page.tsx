import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { INVITATIONS_PATH, linkBuyer } from "../api";
import { AuthCard } from "../components/auth-card";
import { acceptInvitationAsSessionUser } from "../invitation-api";
import { clearPendingInvitation, readPendingInvitation } from "../pending-invitation";
import { signInDestination } from "../sign-in-destination";

/** Spec 000 §9: the callback redirects after 2 seconds. */
export const CALLBACK_REDIRECT_MS = 2000;

const FAILURE_TEXT: Record<string, string> = {
  invalid_token: "This verification link is invalid or has already been used.",
  token_expired: "This verification link has expired. Please sign in to get a new one.",
  account_not_linked:
    "An account with this email already exists and has not been verified. Please verify it or sign in with your password.",
  access_denied: "Google sign-in was cancelled.",
};

type TState =
  | { type: "working" }
  | { type: "done"; to: string; message: string }
  | { type: "failed"; message: string };

/** Spec 000 §2.11: e-mail confirmation and Google sign-in land here; recovery links go on to reset. */
export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { setMode } = useWorkspace();
  const [state, setState] = useState<TState>({ type: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(location.search);
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
    const get = (key: string) => query.get(key) ?? fragment.get(key);
    const error = get("error") ?? get("error_code");
    if (error) {
      const key = error.toLowerCase();
      setState({
        type: "failed",
        message: FAILURE_TEXT[key] ?? get("error_description") ?? "We could not confirm this link.",
      });
      return;
    }
    if (get("type") === "recovery" && (get("token") || get("code") || get("access_token"))) {
      navigate(`/auth/reset-password-redirect${location.search}${location.hash}`, { replace: true });
      return;
    }
    void (async () => {
      const openInvitations = await linkBuyer();
      let user = await refresh().catch(() => null);
      if (!user) {
        setState({ type: "failed", message: "Your session could not be found. Please sign in." });
        return;
      }
      const invitation = readPendingInvitation();
      if (invitation) {
        clearPendingInvitation();
        try {
          await acceptInvitationAsSessionUser(invitation.token);
          user = (await refresh().catch(() => null)) ?? user;
        } catch (err) {
          toast.error(isApiError(err) ? err.message : "The invitation could not be accepted.");
        }
      }
      const destination = signInDestination(user, invitation ? "buyer" : "company");
      setMode(destination.workspaceMode);
      // Other invitations to this address are answered on their own page, never linked silently.
      const to = !invitation && openInvitations > 0 ? INVITATIONS_PATH : destination.to;
      setState({ type: "done", to, message: "You're signed in. Redirecting..." });
    })();
  }, [location.search, location.hash, navigate, refresh, setMode]);

  useEffect(() => {
    if (state.type !== "done") return;
    const timer = setTimeout(() => navigate(state.to, { replace: true }), CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (state.type === "failed") {
    return (
      <AuthCard
        title="Verification Failed"
        media={<CircleX className="size-10 text-destructive" aria-hidden="true" />}
        description={state.message}
      >
        <Button asChild>
          <Link to="/auth/register">Try Registration Again</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </AuthCard>
    );
  }
  if (state.type === "done") {
    return (
      <AuthCard
        title="Email confirmed"
        media={<CircleCheck className="size-10 text-emerald-500" aria-hidden="true" />}
        description={state.message}
      >
        <Button variant="outline" asChild>
          <Link to={state.to} replace>
            Continue now
          </Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirming..." description="Please wait while we confirm your account.">
      <LoaderCircle
        className="mx-auto size-6 animate-spin text-primary"
        role="status"
        aria-label="Confirming"
      />
    </AuthCard>
  );
}
