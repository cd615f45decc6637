import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A form label, as radix's Label draws it: a double click on the label's text does not select it (a
 * click inside a control the label holds is left alone).
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller ties it to its control (htmlFor or a child).
    <label
      data-slot="label"
      className={cn(
        "flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
