import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

const INCLUDE = ["src/**/*.test.ts", "test/**/*.test.ts"];

/**
 * Files that replace one of the app's modules (vi.mock), spy on one or fake the timers: each runs in a
 * process of its own (vitest.isolated.config.ts, project `server-isolated`). Every other server file
 * shares its worker's modules with the files before it (`isolate: false`): the app is imported once per
 * worker instead of once per file (docs/testing.md).
 */
export function filesNeedingIsolation(): string[] {
  const changesModules = /\bvi\.(mock|doMock|spyOn|useFakeTimers|stubGlobal|stubEnv|hoisted)\b/;
  return ["src", "test"]
    .flatMap((dir) =>
      readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: "utf8" }).map(
        (f) => `${dir}/${f}`,
      ),
    )
    .filter((f) => f.endsWith(".test.ts"))
    .filter((f) => changesModules.test(readFileSync(join(import.meta.dirname, f), "utf8")))
    .sort();
}

export const serverTestOptions: NonNullable<ViteUserConfig["test"]> = {
  environment: "node",
  // Migrates one database for the run; each file's own database is a copy of it.
  globalSetup: ["test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    name: "server",
    include: INCLUDE,
    exclude: [...configDefaults.exclude, ...filesNeedingIsolation()],
    isolate: false,
    ...serverTestOptions,
  },
});
