import { apiPath } from "@/lib/api/typed-client";
import { AFTER_IMPERSONATION_PATH } from "./impersonation-ended-constants";

let leaving: Promise<never> | null = null;

/**
 * An impersonation ended by its hour: the server kept the admin's own session aside, so this asks for it
 * back and leaves by a full page load (nothing of the impersonated user stays in memory) with a toast
 * saying why: to Developer Settings as the admin, or to /login when that session has expired too. Never
 * settles: the page is leaving.
 */
export function returnFromEndedImpersonation(): Promise<never> {
  leaving ??= (async () => {
    let restored = false;
    try {
      const response = await fetch(apiPath("/api/impersonation/end"), {
        method: "POST",
        credentials: "include",
        headers: { Accept: "application/json" },
      });
      restored = response.ok && Boolean(((await response.json()) as { restored?: boolean }).restored);
    } catch {
      restored = false;
    }
    // Loaded only now: the toasts' storage is not part of the app's first load.
    const { flashToast } = await import("@/lib/flash-toast");
    flashToast(
      "info",
      restored
        ? "The impersonation ended after one hour. You are back in your own account."
        : "The impersonation ended after one hour. Please sign in again.",
    );
    window.location.assign(restored ? AFTER_IMPERSONATION_PATH : "/login");
    return new Promise<never>(() => undefined);
  })();
  return leaving;
}
