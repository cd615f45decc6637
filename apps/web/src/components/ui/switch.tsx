import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { type TCheckedProps, useCheckedState } from "./use-checked-state";

type TSwitchProps = Omit<ComponentProps<"button">, "value" | "defaultChecked"> & TCheckedProps<boolean>;

/**
 * An on/off switch: the markup, states and keyboard of radix's switch (a button with role="switch",
 * aria-checked and data-state; Space and Enter toggle it as a button's click), without its runtime and
 * its shared helpers (about 4 KiB gzip on every screen with a switch). No app form posts a switch as a
 * form field, so radix's hidden input for native forms is left out.
 */
export function Switch({
  className,
  checked: controlled,
  defaultChecked,
  onCheckedChange,
  required,
  disabled,
  onClick,
  ...props
}: TSwitchProps) {
  const [checked, toggle] = useCheckedState(
    { checked: controlled, defaultChecked, onCheckedChange },
    false,
    (on) => !on,
    onClick,
  );
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-required={required}
      data-state={state}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      value="on"
      data-slot="switch"
      className={cn(
        "peer inline-flex h-[1.15rem] w-8 shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs outline-none transition-all focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
        className,
      )}
      {...props}
      onClick={toggle}
    >
      <span
        data-state={state}
        data-disabled={disabled ? "" : undefined}
        data-slot="switch-thumb"
        className="pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0 dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground"
      />
    </button>
  );
}
