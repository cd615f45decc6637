import { type RefObject, useEffect } from "react";

/** Message the embed script listens for to size its iframe to the form. */
export const EMBED_RESIZE_MESSAGE = "leadpost:form-height";

/**
 * Inside an iframe, tells the host page the height of `content` whenever it changes. The content's own
 * height, not the document's: the document is at least as tall as the frame, so it could never shrink.
 */
export function useEmbedResize(
  enabled: boolean,
  formId: string | undefined,
  content: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const element = content.current;
    if (!enabled || !element || window.parent === window) return;
    const post = () =>
      window.parent.postMessage(
        { type: EMBED_RESIZE_MESSAGE, formId, height: Math.ceil(element.getBoundingClientRect().height) },
        "*",
      );
    const observer = new ResizeObserver(post);
    observer.observe(element);
    post();
    return () => observer.disconnect();
  }, [enabled, formId, content]);
}

/** Inside an iframe, asks the host page to bring the form's top into view (a new step began). */
export function notifyEmbedStepChange() {
  if (window.parent !== window) window.parent.postMessage({ type: "leadpost:form-step" }, "*");
}
