import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The server's files share modules within a worker, except those that mock or spy
    // (apps/server/vitest.config.ts); those are the project `server-isolated`.
    projects: ["packages/shared", "apps/server", "apps/server/vitest.isolated.config.ts", "apps/web"],
    // Vitest's default is one worker fewer than the cores: on a 2-core CI machine that is one file at a
    // time, with a core idle while a file imports the app or waits on PostgreSQL. Two side by side took
    // six server files from 218 s to 104 s; three were slower again (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
