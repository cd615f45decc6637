import { type CSSProperties, useEffect } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme/use-theme";
import { TOAST_DURATION_MS, toasterMounted } from "@/lib/toast";

// Spec 000 §2.2 and §9: up to 3 visible, 4000 ms, 356 px wide (sonner's default width).
export const TOAST_VISIBLE = 3;
export const TOAST_WIDTH = "356px";

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
      style={{ "--width": TOAST_WIDTH } as CSSProperties}
    />
  );
}
