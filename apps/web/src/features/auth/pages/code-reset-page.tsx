import { RESET_MESSAGES } from "@leadpost/shared";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { toast } from "@/lib/toast";
import { useCheckedForm } from "@/lib/use-checked-form";
import { AuthCard } from "../components/auth-card";
import { AuthLink } from "../components/auth-link";
import { FormAlert } from "../components/form-alert";
import { PasswordInput } from "../components/password-input";
import { PasswordStrengthMeter } from "../components/password-strength-meter";
import type { ZCodeResetSchema, ZForgotPasswordSchema } from "../form-schemas";
import { EMAIL_EXAMPLE } from "../form-values";
import { useCountdown } from "../hooks/use-countdown";
import { resetPasswordWithCode, sendResetCode } from "../reset-api";
import { RESET_REDIRECT_MS } from "./reset-password-page";

type TEmailValues = z.output<typeof ZForgotPasswordSchema>;
type TCodeValues = z.output<typeof ZCodeResetSchema>;

function RateLimitNotice({ seconds }: { seconds: number }) {
  if (seconds <= 0) return null;
  return <FormAlert>Too many requests. Please wait {seconds} seconds before trying again.</FormAlert>;
}

/** Spec 000 §2.12: step one asks the e-mail, step two the code and the new password. */
export function CodeResetPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { secondsLeft, start } = useCountdown();
  const emailForm = useCheckedForm<z.input<typeof ZForgotPasswordSchema>, TEmailValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.forgotPasswordCheck)),
    defaultValues: { email: "" },
  });
  const codeForm = useCheckedForm<z.input<typeof ZCodeResetSchema>, TCodeValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.codeResetCheck)),
    defaultValues: { code: "", password: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const sendCode = async (to: string) => {
    const outcome = await sendResetCode(to);
    if (outcome.type === "rate-limited") {
      start(outcome.seconds);
      return false;
    }
    return true;
  };

  const onEmail = async ({ email: value }: TEmailValues) => {
    if (await sendCode(value)) setEmail(value);
  };

  const onCode = async (values: TCodeValues) => {
    if (!email) return;
    setFailure(null);
    try {
      await resetPasswordWithCode({ email, otp: values.code, password: values.password });
      toast.success("Your password has been reset. Please sign in with your new password.", {
        duration: 10_000,
      });
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : RESET_MESSAGES.CODE_INVALID);
    }
  };

  if (done) {
    return (
      <AuthCard
        title="Password updated"
        description="Your password has been reset. Redirecting you to sign in..."
      />
    );
  }

  if (!email) {
    const { errors, isSubmitting } = emailForm.formState;
    return (
      <AuthCard
        title="Reset Password"
        description="Enter your email address and we'll send you a one-time code."
        footer={
          <p>
            Prefer a link? <AuthLink to="/auth/forgot-password">Email me a reset link</AuthLink>
          </p>
        }
      >
        <form
          className="grid gap-4"
          noValidate
          onSubmit={emailForm.handleSubmit(onEmail)}
          aria-label="Find your account"
        >
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                placeholder={EMAIL_EXAMPLE}
                disabled={isSubmitting}
                {...emailForm.register("email")}
              />
            )}
          </FormField>
          <RateLimitNotice seconds={secondsLeft} />
          <BusyButton type="submit" disabled={isSubmitting || secondsLeft > 0} busy={isSubmitting}>
            Continue
          </BusyButton>
        </form>
      </AuthCard>
    );
  }

  const { errors, isSubmitting } = codeForm.formState;
  return (
    <AuthCard
      title="Enter your code"
      description={
        <>
          If an account exists for <strong className="text-foreground">{email}</strong>, we sent it a 6-digit
          code. The code expires in 10 minutes.
        </>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={codeForm.handleSubmit(onCode)}
        aria-label="Choose a new password"
      >
        <FormField label="Code" error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              disabled={isSubmitting}
              {...codeForm.register("code")}
            />
          )}
        </FormField>
        <FormField
          label="New password"
          error={errors.password?.message}
          hint={`At least 6 characters. ${RESET_MESSAGES.NO_SPACES}.`}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              disabled={isSubmitting}
              {...codeForm.register("password")}
            />
          )}
        </FormField>
        <PasswordStrengthMeter password={codeForm.watch("password")} />
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              disabled={isSubmitting}
              {...codeForm.register("confirmPassword")}
            />
          )}
        </FormField>
        {failure && <FormAlert>{failure}</FormAlert>}
        <RateLimitNotice seconds={secondsLeft} />
        <BusyButton
          type="submit"
          disabled={isSubmitting}
          busy={isSubmitting}
          busyLabel="Updating password..."
        >
          Reset Password
        </BusyButton>
        <div className="flex justify-between gap-2 text-sm">
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => setEmail(null)}>
            Use another email
          </Button>
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            disabled={secondsLeft > 0}
            onClick={async () => {
              if (await sendCode(email)) toast.success("A new code is on its way.");
            }}
          >
            Send a new code
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
