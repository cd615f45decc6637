import type * as React from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type TFormFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  /** Receives the ids to wire aria-invalid / aria-describedby onto the control. */
  children: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
};

/** A label, a control and its message, linked for screen readers. */
export function FormField({ id, label, error, hint, className, children }: TFormFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-destructive text-sm">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
