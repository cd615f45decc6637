import type { TCompanyRegistration, ZCompanyRegistrationSchema } from "@leadpost/shared";
import { useState } from "react";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useCheckedForm } from "@/lib/use-checked-form";
import { registerCompany } from "../invitation-api";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

type TFieldName = keyof TCompanyRegistration;

/** Spec 000 §2.5 without token: company name, contact name, phone, email, password, confirm. */
export function CompanyRegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm<z.input<typeof ZCompanyRegistrationSchema>, TCompanyRegistration>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.companyRegistrationCheck)),
    defaultValues: {
      companyName: "",
      contactName: "",
      phone: "",
      email: "",
      password: "",
      confirmPassword: "",
    },
  });

  const onSubmit = async (values: TCompanyRegistration) => {
    setFailure(null);
    try {
      const result = await registerCompany(values);
      onRegistered(result.email);
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [name, messages] of Object.entries(error.fields)) {
          if (name in values) setError(name as TFieldName, { message: messages[0] });
        }
      }
      setFailure(isApiError(error) ? error.message : "Registration failed. Please try again.");
    }
  };

  const busy = isSubmitting;
  const text = (name: TFieldName, label: string, props: Record<string, string> = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} {...props} disabled={busy} {...register(name)} />}
    </FormField>
  );
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Create a Company Account"
    >
      {text("companyName", "Company name", { autoComplete: "organization" })}
      {text("contactName", "Contact name", { autoComplete: "name" })}
      {text("phone", "Phone", { type: "tel", autoComplete: "tel", inputMode: "tel" })}
      {text("email", "Email", {
        type: "email",
        autoComplete: "email",
        inputMode: "email",
        placeholder: "you@company.com",
      })}
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" disabled={busy} {...register("password")} />
        )}
      </FormField>
      <PasswordStrengthMeter password={watch("password")} />
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            disabled={busy}
            {...register("confirmPassword")}
          />
        )}
      </FormField>
      {failure && <FormAlert>{failure}</FormAlert>}
      <BusyButton type="submit" disabled={busy} busy={busy} busyLabel="Creating account...">
        Create Account
      </BusyButton>
    </form>
  );
}
