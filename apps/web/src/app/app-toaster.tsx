import { type CSSProperties, useEffect } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme/use-theme";
import { TOAST_DURATION_MS, toasterMounted } from "@/lib/toast";

// Spec 000 §2.2 and §9: up to 3 visible, 4000 ms, 356 px wide (sonner's default width).
export const TOAST_VISIBLE = 3;
export const TOAST_WIDTH = "356px";

// Sonner's rich colours in the light theme put text on pale tints below 4.5:1 (its warning 3.1:1): the
// same hues darkened to 5:1 and more (WCAG AA). Its dark theme's are light text on dark tints, and pass.
const LIGHT_RICH_TEXT = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--error-text": "hsl(360, 100%, 38%)",
};

/** Loaded lazily by ToasterSlot; tells lib/toast when toasts can be shown. */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  // Sonner's Toaster subscribes in its own effect, which runs before this one (children first).
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      theme={resolvedTheme}
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      position="top-right"
      style={
        { "--width": TOAST_WIDTH, ...(resolvedTheme === "light" ? LIGHT_RICH_TEXT : {}) } as CSSProperties
      }
    />
  );
}
