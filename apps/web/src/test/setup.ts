import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { preloadDialog } from "@/components/ui/dialog";

// A dialog's radix part loads on its first open (components/ui/dialog.tsx); tests meet it loaded, as
// every opening after the first does, so an open dialog's content is there on the first render.
beforeAll(() => preloadDialog());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const cookie of document.cookie.split("; ")) {
    const name = cookie.split("=")[0];
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
