import { defineConfig } from "vitest/config";
import { filesNeedingIsolation, serverTestOptions } from "./vitest.config.js";

/** The server files that must not share modules with others (vitest.config.ts). */
export default defineConfig({
  test: {
    name: "server-isolated",
    include: filesNeedingIsolation(),
    ...serverTestOptions,
  },
});
