import { passwordCriteria, passwordStrength } from "@leadpost/shared";
import { Check, X } from "lucide-react";
import { cn } from "@/lib/utils";

const LABELS = { weak: "Weak", medium: "Medium", strong: "Strong" } as const;
const BAR = { weak: "bg-destructive", medium: "bg-amber-500", strong: "bg-emerald-500" } as const;
const CRITERIA = [
  ["lowercase", "A lowercase letter"],
  ["uppercase", "An uppercase letter"],
  ["digit", "A number"],
  ["symbol", "A symbol"],
  ["length", "8 or more characters"],
] as const;

/** Spec 000 §4: five criteria; 2 or fewer weak, 3 to 4 medium, 5 strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, level } = passwordStrength(password);
  const met = passwordCriteria(password);
  return (
    <div className="grid gap-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <meter className="sr-only" min={0} max={5} value={score} aria-label="Password strength" />
        <div className="flex h-1.5 flex-1 gap-1" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <span key={i} className={cn("flex-1 rounded-full", i < score ? BAR[level] : "bg-muted")} />
          ))}
        </div>
        <span className="w-16 text-right font-medium text-xs">{LABELS[level]}</span>
      </div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {CRITERIA.map(([key, label]) => (
          <li
            key={key}
            className={cn("flex items-center gap-1", met[key] ? "text-foreground" : "text-muted-foreground")}
          >
            {met[key] ? (
              <Check className="size-3" aria-hidden="true" />
            ) : (
              <X className="size-3" aria-hidden="true" />
            )}
            <span>
              {label}
              <span className="sr-only">{met[key] ? " (met)" : " (missing)"}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
