import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error plain JavaScript script without type declarations
import { checkCompose, checkDockerfile } from "../../../scripts/check-deploy-files.mjs";

// No Docker engine where the tests run: the Dockerfile and compose file are checked by reading them.
const root = resolve(import.meta.dirname, "../../..");
const read = (name: string) => readFileSync(join(root, name), "utf8");

describe("deploy files", () => {
  it("the Dockerfile is pinned, non-root, health-checked and starts node in exec form", () => {
    expect(checkDockerfile(read("Dockerfile"))).toEqual([]);
  });

  it("the compose file runs two health-checked app instances on a healthy PostgreSQL behind a proxy", () => {
    expect(checkCompose(read("compose.yaml"))).toEqual([]);
    // Read as docker compose reads it (merge keys): what the check passed is what runs.
    const doc = parse(read("compose.yaml"), { merge: true }) as {
      services: Record<string, { build?: unknown; depends_on?: Record<string, { condition: string }> }>;
    };
    const apps = Object.keys(doc.services).filter((name) => doc.services[name]!.build);
    expect(apps).toEqual(["app1", "app2"]);
    expect(Object.keys(doc.services.proxy!.depends_on ?? {}).sort()).toEqual(apps);
    expect(read("deploy/Caddyfile")).toMatch(/reverse_proxy app1:3000 app2:3000/);
  });

  it("the compose check catches an instance that is not health-gated, shared or behind the proxy", () => {
    const compose = read("compose.yaml");
    const broken = (from: string | RegExp, to: string) => {
      const text = compose.replace(from, to);
      expect(text).not.toBe(compose);
      return checkCompose(text) as string[];
    };
    expect(broken("  app2:\n    <<: *app\n", "")).toEqual(
      expect.arrayContaining(["compose.yaml: fewer than two app instances built from the Dockerfile"]),
    );
    expect(
      broken("  app2:\n    <<: *app\n", '  app2:\n    <<: *app\n    volumes: ["own:/data/uploads"]\n'),
    ).toEqual(
      expect.arrayContaining([
        "compose.yaml: the app instances do not share one uploads volume at /data/uploads",
        "compose.yaml: volume own of app2 is not declared",
      ]),
    );
    expect(broken(/\n {6}app2:\n {8}condition: service_healthy/, "")).toContain(
      "compose.yaml: proxy must wait for a healthy app2",
    );
    expect(broken("condition: service_healthy\n  expose", "condition: service_started\n  expose")).toEqual(
      expect.arrayContaining([
        "compose.yaml: app1 must wait for a healthy db",
        "compose.yaml: app2 must wait for a healthy db",
      ]),
    );
    expect(broken('TRUST_PROXY: "1"', 'TRUST_PROXY: "false"')).toContain(
      "compose.yaml: app1 must trust the proxy in front (TRUST_PROXY)",
    );
    expect(broken("fetch('http://127.0.0.1:3000/api/health')", "fetch('http://127.0.0.1:3000/')")).toEqual(
      expect.arrayContaining(["compose.yaml: app1 has no healthcheck on /api/health"]),
    );
    const noApp2 = checkCompose(compose, (path: string) => read(path).replace("app2:3000", "")) as string[];
    expect(noApp2).toEqual(["compose.yaml: the proxy configuration does not send requests to app2:3000"]);
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
