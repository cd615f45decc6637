import type { CSSProperties } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme/use-theme";

// Spec 000 §2.2 and §9: up to 3 visible, 4000 ms, 356 px wide (sonner's default width).
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_WIDTH = "356px";

export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme}
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      position="top-right"
      style={{ "--width": TOAST_WIDTH } as CSSProperties}
    />
  );
}
