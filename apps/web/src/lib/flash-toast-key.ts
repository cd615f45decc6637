// Apart from lib/flash-toast so the app's first load carries only this check: the toasts' code loads
// when a previous page left some.
export const FLASH_TOAST_KEY = "leadpost-flash-toast";

/** Whether the previous page left toasts for this one (lib/flash-toast). */
export function hasFlashToasts(): boolean {
  try {
    return window.sessionStorage.getItem(FLASH_TOAST_KEY) !== null;
  } catch {
    return false;
  }
}
