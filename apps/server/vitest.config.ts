import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each integration file opens its own database and runs every migration.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
