import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A line between sections, with radix's Separator's markup: `data-orientation`, and either no role for
 * the screen reader (`decorative`, the default) or `separator` with its orientation when vertical.
 */
export function Separator({
  className,
  orientation = "horizontal",
  decorative = true,
  ...props
}: React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean }) {
  const semantics = decorative
    ? { role: "none" }
    : { role: "separator", "aria-orientation": orientation === "vertical" ? orientation : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn(
        "shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=vertical]:h-full data-[orientation=horizontal]:w-full data-[orientation=vertical]:w-px",
        className,
      )}
      {...props}
    />
  );
}
