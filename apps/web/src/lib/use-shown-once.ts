import { useEffect, useRef, useState } from "react";

/**
 * Whether an element (`ref`) has come into the viewport, watched only while `watch` (a page still laying
 * itself out may show, for a moment, what ends up below the fold); `force` makes it true at once (the
 * address asks for that part). It stays true once true, so a part of a page below the fold can load its
 * code when the user scrolls to it. Without IntersectionObserver (tests' DOM) it is true once watched.
 * The element must be there while `watch` is true.
 */
export function useShownOnce<T extends Element>(watch: boolean, force = false) {
  const ref = useRef<T>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    if (force || (watch && typeof IntersectionObserver === "undefined")) {
      setShown(true);
      return;
    }
    const element = ref.current;
    if (!watch || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, watch, force]);
  return { ref, shown };
}
