// A toast that outlives a full page load: the sign-in page is its own page (login.html), so the app
// leaves for it, and it leaves for the app, by loading a new document. The toast asked for just before
// waits in sessionStorage and the next page shows it.

export const FLASH_TOAST_KEY = "leadpost-flash-toast";

export type TFlashToast = { kind: "success" | "error" | "info" | "warning"; message: string };

/** Keeps a toast for the next page this tab loads. */
export function flashToast(kind: TFlashToast["kind"], message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify({ kind, message }));
  } catch {
    // No storage: the toast is lost, the page change is not.
  }
}

const KINDS = new Set(["success", "error", "info", "warning"]);

/** The toast left by the previous page, once (it is removed as it is read). */
export function takeFlashToast(): TFlashToast | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_TOAST_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(FLASH_TOAST_KEY);
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { kind, message } = value as Record<string, unknown>;
    if (typeof kind !== "string" || !KINDS.has(kind) || typeof message !== "string") return null;
    return { kind: kind as TFlashToast["kind"], message };
  } catch {
    return null;
  }
}
