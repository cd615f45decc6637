// Toasts that outlive a full page load: the sign-in page is its own page (login.html), so the app leaves
// for it, and it leaves for the app, by loading a new document. Toasts shown just before wait in
// sessionStorage and the next page shows them.

import { FLASH_TOAST_KEY } from "./flash-toast-key";

export { FLASH_TOAST_KEY };

export type TToastKind = "success" | "error" | "info" | "warning";
export type TFlashToast = { kind: TToastKind; message: string; description?: string; duration?: number };

/** Keeps toasts for the next page this tab loads (after any kept before). */
export function flashToasts(toasts: TFlashToast[]): void {
  if (toasts.length === 0) return;
  try {
    const kept = readAll();
    window.sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify([...kept, ...toasts]));
  } catch {
    // No storage: the toasts are lost, the page change is not.
  }
}

/** Keeps one toast for the next page this tab loads. */
export function flashToast(kind: TToastKind, message: string): void {
  flashToasts([{ kind, message }]);
}

const KINDS = new Set<unknown>(["success", "error", "info", "warning"]);

function parseToast(value: unknown): TFlashToast | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, message, description, duration } = value as Record<string, unknown>;
  if (!KINDS.has(kind) || typeof message !== "string") return null;
  return {
    kind: kind as TToastKind,
    message,
    ...(typeof description === "string" ? { description } : {}),
    ...(typeof duration === "number" ? { duration } : {}),
  };
}

function readAll(): TFlashToast[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(FLASH_TOAST_KEY) ?? "[]");
    return Array.isArray(value) ? value.map(parseToast).filter((t): t is TFlashToast => t !== null) : [];
  } catch {
    return [];
  }
}

/** The toasts left by the previous page, once (they are removed as they are read). */
export function takeFlashToasts(): TFlashToast[] {
  const toasts = readAll();
  try {
    window.sessionStorage.removeItem(FLASH_TOAST_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
  return toasts;
}
