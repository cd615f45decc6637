import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isToasterRequested, requestToaster, subscribeToasterRequest } from "@/lib/toast";

const AppToaster = lazy(async () => ({ default: (await import("./app-toaster")).AppToaster }));

/** A user's first action: a toast may answer it, so the toaster starts loading then. */
const FIRST_ACTION_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * Where the toaster mounts: on the first toast, or on the user's first click or key press, whichever
 * comes first. Never with the page itself: a page that only shows its data downloads no toaster
 * (bench/bundle-size.mjs counts what a page loads until it is idle).
 */
export function ToasterSlot() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, isToasterRequested);
  useEffect(() => {
    if (requested) return;
    const onFirstAction = () => requestToaster();
    for (const type of FIRST_ACTION_EVENTS)
      window.addEventListener(type, onFirstAction, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_ACTION_EVENTS)
        window.removeEventListener(type, onFirstAction, { capture: true });
    };
  }, [requested]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
