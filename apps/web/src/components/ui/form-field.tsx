import type * as React from "react";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type TFieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type TFormFieldProps = {
  /** The control's id; generated when absent. */
  id?: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Beside the label, e.g. a "Forgot your password?" link. */
  aside?: React.ReactNode;
  className?: string;
  children: (control: TFieldControlProps) => React.ReactNode;
};

/** A labelled control with its validation message wired for screen readers. */
export function FormField({ id: givenId, label, error, hint, aside, className, children }: TFormFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={messageId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
