import { CircleCheck, CircleExclamationPoint, Info } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

const TONES = {
  error: {
    icon: CircleExclamationPoint,
    className: "border-destructive/30 bg-destructive/10 text-destructive",
  },
  success: {
    icon: CircleCheck,
    className: "border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
  },
  info: { icon: Info, className: "border-border bg-muted text-muted-foreground" },
} as const;

/** A message box inside a form: errors are announced (role alert), the rest politely. */
export function FormAlert({
  tone = "error",
  id,
  children,
}: {
  tone?: keyof typeof TONES;
  id?: string;
  children: React.ReactNode;
}) {
  const { icon: Icon, className } = TONES[tone];
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-2 rounded-md border p-3 text-sm", className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}
