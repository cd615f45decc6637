// The app's own React components the sign-in page shows on first use, loaded only then: the toaster
// (sonner) and the theme menu (radix). One React root, so both follow the same theme.
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { createRoot } from "react-dom/client";
import { AppToaster } from "@/app/app-toaster";
import { ThemeToggle } from "@/features/theme/components/theme-toggle";
import type { TToastKind } from "@/lib/flash-toast";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { toast } from "@/lib/toast";

let themeSlot: HTMLElement | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Islands() {
  const slot = useSyncExternalStore(subscribe, () => themeSlot);
  return (
    <ThemeProvider>
      <AppToaster />
      {slot && createPortal(<ThemeToggle initiallyOpen />, slot)}
    </ThemeProvider>
  );
}

let mounted = false;
function mount() {
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(<Islands />);
}

/** Shows a toast with the app's toaster. */
export function showToast(
  kind: TToastKind,
  message: string,
  options: { description?: string; duration?: number } = {},
): void {
  mount();
  toast[kind](message, options);
}

/** Replaces the page's stand-in theme button (the content of `slot`) with the app's theme menu, open. */
export function mountThemeMenu(slot: HTMLElement): void {
  mount();
  if (themeSlot) return;
  slot.replaceChildren();
  themeSlot = slot;
  for (const listener of listeners) listener();
}
