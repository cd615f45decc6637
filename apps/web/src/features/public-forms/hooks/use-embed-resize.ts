import { useEffect } from "react";

/** Message the embed script listens for to size its iframe to the form. */
export const EMBED_RESIZE_MESSAGE = "leadpost:form-height";

/** Inside an iframe, tells the host page the form's height whenever it changes. */
export function useEmbedResize(enabled: boolean, formId: string | undefined) {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    const post = () =>
      window.parent.postMessage(
        { type: EMBED_RESIZE_MESSAGE, formId, height: Math.ceil(document.documentElement.scrollHeight) },
        "*",
      );
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, [enabled, formId]);
}

/** Inside an iframe, asks the host page to bring the form's top into view (a new step began). */
export function notifyEmbedStepChange() {
  if (window.parent !== window) window.parent.postMessage({ type: "leadpost:form-step" }, "*");
}
