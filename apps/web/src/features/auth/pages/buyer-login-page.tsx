import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import type { z } from "zod";
import { BUYER_HOME_PATH, homePathFor } from "@/app/route-access";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { ensureBuyerAccount, INVITATIONS_PATH, linkBuyer, resendVerification, signOut } from "../api";
import { AuthCard } from "../components/auth-card";
import { AuthLink } from "../components/auth-link";
import { FormAlert } from "../components/form-alert";
import { PasswordInput } from "../components/password-input";
import type { ZBuyerLoginSchema } from "../form-schemas";
import { LOGIN_MESSAGES, loginErrorMessage } from "../login-errors";
import { signInWithRetry } from "../sign-in-with-retry";

type TValues = z.output<typeof ZBuyerLoginSchema>;
type TFailure = { message: string; unverifiedEmail?: string };

/**
 * Spec 000 §2.4 and §6: the standalone buyer login. It links a pending buyer of the address, and gives
 * a company user without a buyer record one in their company; otherwise it signs out with the reason.
 */
export function BuyerLoginPage() {
  const navigate = useNavigate();
  const { user, refresh, clear } = useSession();
  const { setMode, workspace } = useWorkspace();
  const [failure, setFailure] = useState<TFailure | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZBuyerLoginSchema>, unknown, TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.buyerLoginCheck)),
    defaultValues: { email: "", password: "" },
  });

  if (user && !isSubmitting && !leaving) return <Navigate to={homePathFor(user, workspace.mode)} replace />;

  const onSubmit = async (values: TValues) => {
    setFailure(null);
    try {
      await signInWithRetry(values);
    } catch (error) {
      const unverified = isApiError(error) && error.code === "EMAIL_NOT_VERIFIED";
      setFailure({
        message: loginErrorMessage(error),
        unverifiedEmail: unverified ? values.email : undefined,
      });
      return;
    }
    setLeaving(true);
    try {
      // Invitations to this address wait for an answer on their own page (nothing links silently).
      if ((await linkBuyer()) > 0) {
        await refresh().catch(() => null);
        navigate(INVITATIONS_PATH, { replace: true });
        return;
      }
      await ensureBuyerAccount();
    } catch (error) {
      // No usable buyer record: leave no half-signed-in session behind.
      await signOut().catch(() => undefined);
      clear();
      setLeaving(false);
      setFailure({ message: isApiError(error) ? error.message : LOGIN_MESSAGES.internal });
      return;
    }
    const fresh = await refresh().catch(() => null);
    if (!fresh) {
      setLeaving(false);
      setFailure({ message: LOGIN_MESSAGES.noUser });
      return;
    }
    setMode("buyer");
    navigate(BUYER_HOME_PATH, { replace: true });
  };

  const resend = async (email: string) => {
    setResending(true);
    try {
      await resendVerification(email);
      toast.success("Verification email sent. Please check your inbox.");
    } catch (error) {
      toast.error(isApiError(error) ? error.message : "Could not send the email. Please try again.");
    } finally {
      setResending(false);
    }
  };

  const busy = isSubmitting || leaving;
  return (
    <AuthCard
      title="Lead Buyer Login"
      description="Sign in to the Lead Buyer Portal."
      footer={
        <>
          <p>
            New buyer? <AuthLink to="/register">Register as a Lead Buyer</AuthLink>
          </p>
          <p>
            Company owner? <AuthLink to="/login">Go to the main sign in</AuthLink>
          </p>
        </>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Lead buyer sign in"
      >
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              disabled={busy}
              {...register("email")}
            />
          )}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          aside={
            <AuthLink to="/auth/forgot-password" className="font-normal text-sm">
              Forgot your password?
            </AuthLink>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              disabled={busy}
              {...register("password")}
            />
          )}
        </FormField>
        {failure && (
          <FormAlert>
            <p>{failure.message}</p>
            {failure.unverifiedEmail && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                disabled={resending}
                onClick={() => void resend(failure.unverifiedEmail ?? "")}
              >
                Resend verification
              </Button>
            )}
          </FormAlert>
        )}
        <BusyButton type="submit" disabled={busy} busy={busy} busyLabel="Signing in...">
          Sign in
        </BusyButton>
      </form>
    </AuthCard>
  );
}
