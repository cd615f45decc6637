import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "./password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

type TNewPasswordFieldsProps = {
  /** The current password, for the strength meter (000 §4). */
  password: string;
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
  disabled?: boolean;
  passwordLabel?: string;
  confirmLabel?: string;
  passwordHint?: string;
};

/** A new password with its strength meter and confirmation: registration, reset and create-password pages. */
export function NewPasswordFields({
  password,
  passwordField,
  confirmField,
  passwordError,
  confirmError,
  disabled,
  passwordLabel = "Password",
  confirmLabel = "Confirm password",
  passwordHint,
}: TNewPasswordFieldsProps) {
  return (
    <>
      <FormField label={passwordLabel} error={passwordError} hint={passwordHint}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" disabled={disabled} {...passwordField} />
        )}
      </FormField>
      <PasswordStrengthMeter password={password} />
      <FormField label={confirmLabel} error={confirmError}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" disabled={disabled} {...confirmField} />
        )}
      </FormField>
    </>
  );
}
