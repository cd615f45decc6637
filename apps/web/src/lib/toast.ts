// Toasts without sonner in the first load: the toaster and sonner's code load on the first toast (or
// the user's first click or key press), and each call waits until the toaster is on screen so no toast
// is lost.
import type { ExternalToast, toast as sonnerToast } from "sonner";
import type { TFlashToast } from "./flash-toast";

type TSonner = typeof import("sonner");
type TMessage = Parameters<typeof sonnerToast.success>[0];

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonner: Promise<TSonner> | null = null;

/** Asks the app to put the toaster on screen (see ToasterSlot). */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterRequested = (): boolean => requested;

/** Called by the toaster once it listens for toasts. */
export function toasterMounted(): void {
  markMounted();
}

/** How long a toast stays (spec 000 §2.2 and §9: 4000 ms), unless it says otherwise. */
export const TOAST_DURATION_MS = 4000;
let onScreen: (TFlashToast & { until: number })[] = [];

/**
 * The text toasts still on screen, with the time each has left, taken once: the app hands them to the
 * next page when it leaves for a page of its own (the sign-in page), so "Logged out successfully" or a
 * reset's "please sign in" shown just before are not lost with the document.
 */
export function takeToastsOnScreen(now = Date.now()): TFlashToast[] {
  const taken = onScreen
    .filter((t) => t.until > now)
    .map(({ until, ...t }) => ({ ...t, duration: until - now }));
  onScreen = [];
  return taken;
}

/** Every error toast shares one place unless it names its own: a new error replaces the one on screen. */
export const ERROR_TOAST_ID = "app-error";

function show(kind: "success" | "error" | "info" | "warning", message: TMessage, given?: ExternalToast) {
  // One error at a time: repeated failures (a Save clicked again) never stack over the page's buttons.
  const options = kind === "error" && given?.id === undefined ? { ...given, id: ERROR_TOAST_ID } : given;
  if (typeof message === "string") {
    const now = Date.now();
    const duration = typeof options?.duration === "number" ? options.duration : TOAST_DURATION_MS;
    onScreen = [
      ...onScreen.filter((t) => t.until > now),
      {
        until: now + duration,
        kind,
        message,
        ...(typeof options?.description === "string" ? { description: options.description } : {}),
      },
    ];
  }
  requestToaster();
  sonner ??= import("sonner");
  void Promise.all([sonner, mounted]).then(([{ toast }]) => toast[kind](message, options));
}

export const toast = {
  success: (message: TMessage, options?: ExternalToast) => show("success", message, options),
  error: (message: TMessage, options?: ExternalToast) => show("error", message, options),
  info: (message: TMessage, options?: ExternalToast) => show("info", message, options),
  warning: (message: TMessage, options?: ExternalToast) => show("warning", message, options),
};
