import { useEffect } from "react";
import { PRODUCT_NAME } from "./env";

/** Sets the tab title to "<title> · Leadpost" while the screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
