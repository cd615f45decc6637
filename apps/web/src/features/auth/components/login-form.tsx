import { CircleExclamationPoint } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type TLoginInput, type TLoginValues, validateLogin } from "../login-schema";
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

/**
 * The two fields' values and messages (two fields do not need a form library in the sign-in page's first
 * load). As before: checked on submit, the first wrong field focused, and after a submit re-checked as
 * the user types.
 */
function useLoginFields(onSubmit: (values: TLoginValues) => void) {
  const [values, setValues] = useState<TLoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof TLoginInput, string>>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<keyof TLoginInput, HTMLInputElement | null>>>({});

  const field = (name: keyof TLoginInput) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) setErrors(validateLogin(next).errors ?? {});
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = validateLogin(values);
    setErrors(result.errors ?? {});
    if (result.values) return onSubmit(result.values);
    const firstWrong = result.errors.email ? "email" : "password";
    inputs.current[firstWrong]?.focus();
  };

  return { field, errors, submit };
}

export function LoginForm({ audience, busy, error, forgotPasswordHref, onSubmit }: TLoginFormProps) {
  const id = useId();
  const { field, errors, submit } = useLoginFields(onSubmit);
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const errorId = `${id}-error`;

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={submit}
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
            {...field("email")}
          />
          {errors.email && (
            <p id={`${emailId}-message`} className="text-destructive text-sm">
              {errors.email}
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
            {...field("password")}
          />
          {errors.password && (
            <p id={`${passwordId}-message`} className="text-destructive text-sm">
              {errors.password}
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
