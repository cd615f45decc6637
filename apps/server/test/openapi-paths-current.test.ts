import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiPathsSource, servedOpenApiDocument, WEB_PATHS_FILE } from "../src/openapi-paths";

describe("the web app's typed client paths", () => {
  // Generating types for the whole document takes a while on a busy machine.
  it("match the OpenAPI document the server serves (else run npm run api:generate)", async () => {
    const current = await openApiPathsSource(await servedOpenApiDocument());
    const checkedIn = readFileSync(WEB_PATHS_FILE, "utf8");
    const lines = checkedIn.split("\n");
    const firstDifference = current.split("\n").findIndex((line, i) => line !== lines[i]);
    expect(
      current === checkedIn ? "current" : `stale from line ${firstDifference + 1}: run npm run api:generate`,
    ).toBe("current");
  }, 120_000);
});
