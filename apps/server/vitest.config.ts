import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates one database for the run; each file's own database is a copy of it.
    globalSetup: ["test/global-setup.ts"],
    // Each integration file opens its own database and runs every migration.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
