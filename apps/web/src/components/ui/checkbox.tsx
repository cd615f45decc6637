import { CheckIcon } from "lucide-react";
import type { ComponentProps, KeyboardEvent } from "react";
import { cn } from "@/lib/utils";
import { type TCheckedProps, useCheckedState } from "./use-checked-state";

type TCheckedState = boolean | "indeterminate";

type TCheckboxProps = Omit<ComponentProps<"button">, "value" | "defaultChecked"> &
  TCheckedProps<TCheckedState>;

/**
 * A checkbox: the markup, states and keyboard of radix's checkbox (a button with role="checkbox",
 * aria-checked true, false or "mixed", data-state; Space toggles it, Enter does not, as radix has it),
 * without its runtime and its shared helpers (about 4 KiB gzip on every screen with a checkbox). No app
 * form posts a checkbox as a form field, so radix's hidden input for native forms is left out.
 */
export function Checkbox({
  className,
  checked: controlled,
  defaultChecked,
  onCheckedChange,
  required,
  disabled,
  onClick,
  onKeyDown,
  ...props
}: TCheckboxProps) {
  const [checked, toggle] = useCheckedState<TCheckedState>(
    { checked: controlled, defaultChecked, onCheckedChange },
    false,
    (current) => (current === "indeterminate" ? true : !current),
    onClick,
  );
  const state = checked === "indeterminate" ? "indeterminate" : checked ? "checked" : "unchecked";
  return (
    // biome-ignore lint/a11y/useSemanticElements: radix's markup (a button with role="checkbox"), which the styles and the mixed state rely on.
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === "indeterminate" ? "mixed" : checked}
      aria-required={required}
      data-state={state}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      value="on"
      data-slot="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer rounded-[4px] border border-input shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground dark:bg-input/30 dark:data-[state=checked]:bg-primary",
        className,
      )}
      {...props}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        // As the WAI-ARIA checkbox: Enter does not toggle it.
        if (event.key === "Enter") event.preventDefault();
      }}
      onClick={toggle}
    >
      {checked !== false && (
        <span
          data-state={state}
          data-disabled={disabled ? "" : undefined}
          data-slot="checkbox-indicator"
          className="flex items-center justify-center text-current transition-none"
          style={{ pointerEvents: "none" }}
        >
          <CheckIcon className="size-3.5" />
        </span>
      )}
    </button>
  );
}
