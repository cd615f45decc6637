import { afterEach } from "vitest";

// Files of plain logic run without a DOM (`// @vitest-environment node` at their top): they load none of
// this. Creating a DOM and loading the testing libraries is most of a small file's time.
if (typeof window !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  const { cleanup, configure } = await import("@testing-library/react");
  // findBy… and waitFor wait up to 5 s (1 s by default): see testTimeout in vitest.config.ts.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    for (const cookie of document.cookie.split("; ")) {
      const name = cookie.split("=")[0];
      // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests.
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
  });
}
