import { RESET_MESSAGES } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, LinkIcon, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useCheckedForm } from "@/lib/use-checked-form";
import { signInWithEmail } from "../api";
import { AuthCard } from "../components/auth-card";
import { CompanyBranding } from "../components/company-branding";
import { FormAlert } from "../components/form-alert";
import { NewPasswordFields } from "../components/new-password-fields";
import type { ZResetPasswordSchema } from "../form-schemas";
import { checkResetToken, FORGOT_PAGE, resetPassword, type TResetAudience } from "../reset-api";
import { RESET_LINK_TEXT, readResetLink, type TResetLinkState } from "../reset-token";

type TValues = z.output<typeof ZResetPasswordSchema>;
/** Spec 000 §9: post-reset redirect 2 s, success toast 10 s, password update timeout 5 s. */
export const RESET_REDIRECT_MS = 2000;
const SUCCESS_TOAST_MS = 10_000;
const UPDATE_TIMEOUT_MS = 5000;

function RequestNewLink({ audience }: { audience: TResetAudience }) {
  return (
    <Button variant="outline" asChild>
      <Link to={FORGOT_PAGE[audience]}>
        <LinkIcon aria-hidden="true" />
        Request New Reset Link
      </Link>
    </Button>
  );
}

/** Spec 000 §2.8 and §2.9: states verifying, valid, invalid (causes listed), success. */
export function ResetPasswordPage({ audience }: { audience: TResetAudience }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, refresh } = useSession();
  // Read once: the token is then removed from the address bar and the history.
  const [link, setLink] = useState<TResetLinkState>(() => readResetLink(location.search, location.hash));
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  // The link is checked before a new password is asked for (a used or expired link says so at once).
  const check = useQuery({
    queryKey: ["reset-token", link.type === "valid" ? link.token : ""],
    queryFn: ({ signal }) => checkResetToken(link.type === "valid" ? link.token : "", signal),
    enabled: link.type === "valid",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (check.data && !check.data.valid) setLink({ type: "invalid", reason: "invalid" });
  }, [check.data]);
  const [tenantId] = useState(() => new URLSearchParams(location.search).get("tenant_id"));
  const branding = tenantId ? <CompanyBranding companyId={tenantId} /> : undefined;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useCheckedForm<z.input<typeof ZResetPasswordSchema>, TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.resetPasswordCheck)),
    defaultValues: { password: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (location.search || location.hash) navigate(location.pathname, { replace: true });
  }, [location.search, location.hash, location.pathname, navigate]);

  useEffect(() => {
    if (!done) return;
    const destination =
      audience === "buyer" ? (user || signedIn ? "/buyer/dashboard" : "/buyer/login") : "/login";
    const timer = setTimeout(() => navigate(destination, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, audience, user, signedIn, navigate]);

  const onSubmit = async ({ password }: TValues) => {
    if (link.type !== "valid") return;
    setFailure(null);
    try {
      await resetPassword(link.token, password, UPDATE_TIMEOUT_MS);
      // A buyer is signed in with the new password and goes to the portal (their e-mail came with the check).
      const email = check.data?.email;
      if (audience === "buyer" && email) {
        const ok = await signInWithEmail({ email, password }).then(
          () => true,
          () => false,
        );
        if (ok) {
          await refresh().catch(() => null);
          setSignedIn(true);
        }
      }
      toast.success("Your password has been reset. Please sign in with your new password.", {
        duration: SUCCESS_TOAST_MS,
      });
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.code === "INVALID_TOKEN")
        setLink({ type: "invalid", reason: "invalid" });
      else setFailure(isApiError(error) ? error.message : "Password reset failed. Please try again.");
    }
  };

  const title = audience === "buyer" ? "Lead Buyer Reset Password" : "Reset Password";
  if (link.type === "valid" && check.isPending) {
    return (
      <AuthCard title={title} media={branding} description="Checking your reset link...">
        <LoaderCircle className="mx-auto animate-spin" aria-label="Checking your reset link" />
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard
        title="Password updated"
        media={<CircleCheck className="size-10 text-emerald-500" aria-hidden="true" />}
        description="Your password has been reset. Redirecting you to sign in..."
      />
    );
  }
  if (link.type === "invalid") {
    return (
      <AuthCard title="Reset link not valid" media={branding} description={RESET_LINK_TEXT[link.reason]}>
        <FormAlert tone="info">
          <p>A reset link stops working when:</p>
          <ul className="list-disc pl-4">
            <li>it is older than 1 hour,</li>
            <li>it has already been used, or a newer link was requested,</li>
            <li>it was copied incompletely from the e-mail.</li>
          </ul>
        </FormAlert>
        <RequestNewLink audience={audience} />
      </AuthCard>
    );
  }

  const password = watch("password");
  return (
    <AuthCard title={title} media={branding} description="Choose a new password for your account.">
      <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title}>
        <NewPasswordFields
          password={password}
          passwordField={register("password")}
          confirmField={register("confirmPassword")}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
          disabled={isSubmitting}
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          passwordHint={`At least 6 characters. ${RESET_MESSAGES.NO_SPACES}.`}
        />
        {failure && <FormAlert>{failure}</FormAlert>}
        <BusyButton
          type="submit"
          disabled={isSubmitting}
          busy={isSubmitting}
          busyLabel="Updating password..."
        >
          Update Password
        </BusyButton>
      </form>
      <RequestNewLink audience={audience} />
    </AuthCard>
  );
}
