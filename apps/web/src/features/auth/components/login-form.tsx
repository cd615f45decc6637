import { CircleExclamationPoint } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { BusyButton } from "@/components/ui/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { loginResolver, type TLoginInput, type TLoginValues } from "../login-schema";
import type { TLoginAudience } from "../sign-in-destination";
import { AuthLink } from "./auth-link";
import { GoogleSignInButton } from "./google-sign-in-button";
import { PasswordInput } from "./password-input";

type TLoginFormProps = {
  audience: TLoginAudience;
  busy: boolean;
  /** The failed sign-in's message, shown above the button. */
  error: string | null;
  forgotPasswordHref: string;
  onSubmit: (values: TLoginValues) => void;
};

export function LoginForm({ audience, busy, error, forgotPasswordHref, onSubmit }: TLoginFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginInput, unknown, TLoginValues>({
    resolver: loginResolver,
    defaultValues: { email: "", password: "" },
  });
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const errorId = `${id}-error`;

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-describedby={error ? errorId : undefined}
        aria-label={audience === "buyer" ? "Lead buyer sign in" : "Company sign in"}
      >
        <div className="grid gap-2">
          <Label htmlFor={emailId}>Email</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-message` : undefined}
            disabled={busy}
            {...register("email")}
          />
          {errors.email && (
            <p id={`${emailId}-message`} className="text-destructive text-sm">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={passwordId}>Password</Label>
            <AuthLink to={forgotPasswordHref} className="font-normal text-sm">
              Forgot your password?
            </AuthLink>
          </div>
          <PasswordInput
            id={passwordId}
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${passwordId}-message` : undefined}
            disabled={busy}
            {...register("password")}
          />
          {errors.password && (
            <p id={`${passwordId}-message`} className="text-destructive text-sm">
              {errors.password.message}
            </p>
          )}
        </div>
        {error && (
          <div
            id={errorId}
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-destructive text-sm"
          >
            <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{error}</p>
          </div>
        )}
        <BusyButton type="submit" className="w-full" disabled={busy} busy={busy} busyLabel="Signing in...">
          Sign in
        </BusyButton>
      </form>
      <GoogleSignInButton disabled={busy} />
    </div>
  );
}
