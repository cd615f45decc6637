import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { lazyResolver } from "@/lib/lazy-resolver";
import { AuthCard } from "../components/auth-card";
import { AuthLink } from "../components/auth-link";
import { FormAlert } from "../components/form-alert";
import type { ZForgotPasswordSchema } from "../form-schemas";
import { EMAIL_EXAMPLE } from "../form-values";
import { useCountdown } from "../hooks/use-countdown";
import { requestPasswordReset, type TResetAudience } from "../reset-api";

type TValues = z.output<typeof ZForgotPasswordSchema>;
const LOGIN_FOR: Record<TResetAudience, string> = { general: "/login", buyer: "/login?tab=buyer" };

/** Spec 000 §2.7 and §2.9: idle, sending, rate-limited (countdown), sent. */
export function ForgotPasswordPage({ audience }: { audience: TResetAudience }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { secondsLeft, start } = useCountdown();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZForgotPasswordSchema>, unknown, TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.forgotPasswordCheck)),
    defaultValues: { email: "" },
  });

  const onSubmit = async ({ email }: TValues) => {
    const outcome = await requestPasswordReset(email, audience);
    if (outcome.type === "rate-limited") start(outcome.seconds);
    else setSentTo(email);
  };

  const title = audience === "buyer" ? "Lead Buyer Forgot Password" : "Forgot Password";
  if (sentTo) {
    return (
      <AuthCard
        title="Check your email"
        media={<MailCheck className="size-10 text-primary" aria-hidden="true" />}
        description={
          <>
            If an account exists for <strong className="text-foreground">{sentTo}</strong>, you will receive
            password reset instructions shortly. The link is valid for 1 hour.
          </>
        }
      >
        <Button asChild>
          <Link to={LOGIN_FOR[audience]}>Return to Login</Link>
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setSentTo(null);
            reset({ email: "" });
          }}
        >
          Send to another email
        </Button>
      </AuthCard>
    );
  }

  const busy = isSubmitting;
  const limited = secondsLeft > 0;
  return (
    <AuthCard
      title={title}
      description="Enter your email address and we'll send you instructions to reset your password."
      footer={
        <p>
          Remembered it? <AuthLink to={LOGIN_FOR[audience]}>Back to sign in</AuthLink>
        </p>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title}>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={EMAIL_EXAMPLE}
              disabled={busy}
              {...register("email")}
            />
          )}
        </FormField>
        {limited && (
          <FormAlert>
            <p>Too many requests. Please wait {secondsLeft} seconds before trying again.</p>
          </FormAlert>
        )}
        <BusyButton type="submit" disabled={busy || limited} busy={busy} busyLabel="Sending...">
          {limited ? `Try again in ${secondsLeft}s` : "Send Reset Instructions"}
        </BusyButton>
      </form>
    </AuthCard>
  );
}
