import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isToasterRequested, requestToaster, subscribeToasterRequest } from "@/lib/toast";

const AppToaster = lazy(async () => ({ default: (await import("./app-toaster")).AppToaster }));

/** How long after the first render the toaster loads anyway, so a later first toast is not delayed. */
const IDLE_LOAD_MS = 3000;

/** Where the toaster mounts: on the first toast, or a little after the page has rendered. */
export function ToasterSlot() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, isToasterRequested);
  useEffect(() => {
    const timer = setTimeout(requestToaster, IDLE_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
