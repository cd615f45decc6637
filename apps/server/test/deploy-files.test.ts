import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript script without type declarations
import { checkCompose, checkDockerfile } from "../../../scripts/check-deploy-files.mjs";

// No Docker engine where the tests run: the Dockerfile and compose file are checked by reading them.
const root = resolve(import.meta.dirname, "../../..");
const read = (name: string) => readFileSync(join(root, name), "utf8");

describe("deploy files", () => {
  it("the Dockerfile is pinned, non-root, health-checked and starts node in exec form", () => {
    expect(checkDockerfile(read("Dockerfile"))).toEqual([]);
  });

  it("the compose file starts the app on a healthy PostgreSQL with its settings", () => {
    expect(checkCompose(read("compose.yaml"))).toEqual([]);
  });

  it("the checks catch what they look for", () => {
    const rootImage = read("Dockerfile")
      .replace(/^USER node$/m, "USER root")
      .replace(/^HEALTHCHECK[^\n]*\n[^\n]*\n/m, "");
    const problems = checkDockerfile(rootImage) as string[];
    expect(problems).toContain("Dockerfile: the final stage runs as root");
    expect(problems).toContain("Dockerfile: the final stage has no HEALTHCHECK on /api/health");
    expect(checkDockerfile("FROM node\nCMD node x.js") as string[]).toEqual(
      expect.arrayContaining([
        "Dockerfile: base image node is not pinned to a version",
        "Dockerfile: CMD must be in exec form (a JSON array) so SIGTERM reaches node",
      ]),
    );
    expect(checkCompose("services: [") as string[]).toEqual([expect.stringContaining("not valid YAML")]);
    expect(checkCompose("services:\n  app:\n    image: x\n") as string[]).toContain(
      "compose.yaml: no db service",
    );
  });
});
