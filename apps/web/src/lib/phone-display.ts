import { formatHomePhone } from "@leadpost/shared/domain/phone-display";
import { useSyncExternalStore } from "react";
import { onFirstUse } from "./on-first-use";

// Lists show stored numbers (E.164) as `formatPhone` does. US numbers need none of libphonenumber-js's
// metadata (28.6 KiB gzip) for that, so a list of them draws without it; the first number of another
// country loads the library (ON_DEMAND in on-demand.mjs), showing the stored E.164 until it arrives. Input is
// still checked with the library itself (`toE164`, `phoneProblem`), loaded with the form that needs it.
const library = onFirstUse(() => import("./phone-library"));
const listeners = new Set<() => void>();
let arrivals = 0;
let loading = false;

function loadLibrary() {
  if (loading) return;
  loading = true;
  library.load().then(
    () => {
      arrivals++;
      for (const listener of listeners) listener();
    },
    // Offline or a stale deploy: the stored number stays on screen; the next number drawn tries again.
    () => {
      loading = false;
    },
  );
}

/** A stored number as `formatPhone` shows it; the E.164 itself while the library loads for a foreign one. */
export function displayPhone(value: string): string {
  const home = formatHomePhone(value);
  if (home !== null) return home;
  const loaded = library.current();
  if (loaded) return loaded.formatPhone(value);
  loadLibrary();
  return value;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const arrivalsSoFar = () => arrivals;

/** `displayPhone`, for a component that draws numbers: it draws again once the library has arrived. */
export function usePhoneDisplay(): typeof displayPhone {
  useSyncExternalStore(subscribe, arrivalsSoFar, arrivalsSoFar);
  return displayPhone;
}

/**
 * The phone rules for a field that checks what is typed, loaded on the field's first focus (`load`); null
 * until they have arrived. The component draws again when they arrive.
 */
export function usePhoneLibrary() {
  useSyncExternalStore(subscribe, arrivalsSoFar, arrivalsSoFar);
  const load = () => {
    loadLibrary();
    return library.load();
  };
  return { rules: library.current(), load };
}
