import { type MouseEvent, useState } from "react";

/** Props of a two-state control drawn as a button (Switch, Checkbox), as radix's have them. */
export type TCheckedProps<T> = {
  checked?: T;
  defaultChecked?: T;
  onCheckedChange?: (checked: T) => void;
  required?: boolean;
};

/**
 * A switch's or checkbox's state, controlled (`checked`) or not (`defaultChecked`), and its click
 * handler: the caller's onClick first, then (unless it prevented the default) the next state.
 */
export function useCheckedState<T>(
  { checked, defaultChecked, onCheckedChange }: TCheckedProps<T>,
  initial: T,
  next: (current: T) => T,
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void,
) {
  const [uncontrolled, setUncontrolled] = useState<T>(defaultChecked ?? initial);
  const current = checked ?? uncontrolled;
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const value = next(current);
    if (checked === undefined) setUncontrolled(value);
    onCheckedChange?.(value);
  };
  return [current, toggle] as const;
}
