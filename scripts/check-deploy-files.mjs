// Checks the Dockerfile and compose.yaml without a Docker engine: the Dockerfile's required
// instructions, and compose.yaml's structure (two app instances behind a proxy on PostgreSQL). With
// --engine, where a container engine answers, also `docker compose config` and `docker build`. Exits
// non-zero with the list of problems.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");

/** Instructions of a Dockerfile, continuation lines joined, comments dropped. */
export function dockerInstructions(text) {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [keyword, ...rest] = l.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

export function checkDockerfile(text) {
  const problems = [];
  const all = dockerInstructions(text);
  const known = new Set([
    "FROM",
    "RUN",
    "CMD",
    "LABEL",
    "EXPOSE",
    "ENV",
    "ADD",
    "COPY",
    "ENTRYPOINT",
    "VOLUME",
    "USER",
    "WORKDIR",
    "ARG",
    "ONBUILD",
    "STOPSIGNAL",
    "HEALTHCHECK",
    "SHELL",
  ]);
  for (const i of all)
    if (!known.has(i.keyword)) problems.push(`Dockerfile: unknown instruction ${i.keyword}`);
  const froms = all.filter((i) => i.keyword === "FROM");
  if (froms.length === 0) problems.push("Dockerfile: no FROM");
  for (const f of froms) {
    const image = f.args.split(/\s+/)[0];
    if (!/:[\w.-]+$/.test(image) || image.endsWith(":latest"))
      problems.push(`Dockerfile: base image ${image} is not pinned to a version`);
  }
  // The last stage is what runs: it must drop root, check its health and start in exec form.
  const lastFrom = all.lastIndexOf(froms.at(-1));
  const final = all.slice(lastFrom);
  const user = final.filter((i) => i.keyword === "USER").at(-1);
  if (!user) problems.push("Dockerfile: the final stage has no USER (it would run as root)");
  else if (/^(root|0)(:|$)/.test(user.args)) problems.push("Dockerfile: the final stage runs as root");
  if (!final.some((i) => i.keyword === "HEALTHCHECK" && /\/api\/health/.test(i.args))) {
    problems.push("Dockerfile: the final stage has no HEALTHCHECK on /api/health");
  }
  if (!final.some((i) => i.keyword === "EXPOSE")) problems.push("Dockerfile: no EXPOSE");
  if (!final.some((i) => i.keyword === "ENV" && /NODE_ENV=production/.test(i.args))) {
    problems.push("Dockerfile: the final stage does not set NODE_ENV=production");
  }
  const cmd = final.filter((i) => i.keyword === "CMD").at(-1);
  if (!cmd) problems.push("Dockerfile: no CMD");
  else {
    try {
      const argv = JSON.parse(cmd.args);
      if (!Array.isArray(argv) || argv[0] !== "node")
        problems.push("Dockerfile: CMD must start node directly");
    } catch {
      problems.push("Dockerfile: CMD must be in exec form (a JSON array) so SIGTERM reaches node");
    }
  }
  return problems;
}

/** The app services: those built from the Dockerfile. */
const appServices = (services) =>
  Object.entries(services).filter(([, service]) => service && typeof service === "object" && service.build);

const APP_SETTINGS = [
  "NODE_ENV",
  "DATABASE_URL",
  "PUBLIC_URL",
  "AUTH_SECRET",
  "ENCRYPTION_KEY",
  "SMTP_URL",
  "RESEND_API_KEY",
  "TRUST_PROXY",
];

/**
 * compose.yaml: PostgreSQL, at least two app instances built from the Dockerfile and a proxy in front
 * of them, each with a health check; the apps wait for a healthy database, share their uploads (one named
 * volume at /data/uploads, or an S3 bucket) and trust exactly the proxy; the proxy waits for healthy apps
 * and is the only published entry. `files` reads a file the compose file mounts (the proxy's config).
 */
export function checkCompose(text, files = (path) => readFileSync(join(root, path), "utf8")) {
  const problems = [];
  let doc;
  try {
    // Merge keys (<<: *app) as docker compose reads them.
    doc = parse(text, { merge: true });
  } catch (err) {
    return [`compose.yaml: not valid YAML: ${err.message}`];
  }
  const services = doc?.services;
  if (!services || typeof services !== "object") return ["compose.yaml: no services"];
  const { db, proxy } = services;
  const apps = appServices(services);
  if (!db) problems.push("compose.yaml: no db service");
  if (apps.length < 2) problems.push("compose.yaml: fewer than two app instances built from the Dockerfile");
  if (!proxy) problems.push("compose.yaml: no proxy service");
  if (db) {
    if (!/^postgres:\d+/.test(String(db.image)))
      problems.push("compose.yaml: db must be a pinned postgres image");
    if (!db.healthcheck?.test) problems.push("compose.yaml: db has no healthcheck");
    if (!(db.volumes ?? []).some((v) => String(v).includes("/var/lib/postgresql/data"))) {
      problems.push("compose.yaml: db data is not on a volume");
    }
  }
  const uploadVolumes = new Set();
  for (const [name, app] of apps) {
    if (app.depends_on?.db?.condition !== "service_healthy") {
      problems.push(`compose.yaml: ${name} must wait for a healthy db`);
    }
    if (!app.healthcheck?.test || !String(app.healthcheck.test).includes("/api/health")) {
      problems.push(`compose.yaml: ${name} has no healthcheck on /api/health`);
    }
    const env = app.environment ?? {};
    for (const setting of APP_SETTINGS) {
      if (!(setting in env)) problems.push(`compose.yaml: ${name} does not set ${setting}`);
    }
    if (!String(env.DATABASE_URL ?? "").includes("@db:5432/"))
      problems.push(`compose.yaml: ${name}'s DATABASE_URL must point at the db service`);
    if (["false", "", "undefined"].includes(String(env.TRUST_PROXY)))
      problems.push(`compose.yaml: ${name} must trust the proxy in front (TRUST_PROXY)`);
    if ((app.ports ?? []).length > 0)
      problems.push(`compose.yaml: ${name} publishes a port: only the proxy should be reachable`);
    const uploads = (app.volumes ?? []).map(String).find((v) => v.split(":")[1] === "/data/uploads");
    uploadVolumes.add(uploads ? uploads.split(":")[0] : `(none in ${name})`);
  }
  if (apps.length > 1 && uploadVolumes.size !== 1) {
    problems.push("compose.yaml: the app instances do not share one uploads volume at /data/uploads");
  }
  if (proxy) {
    if (!/^(caddy|nginx):\d+/.test(String(proxy.image)))
      problems.push("compose.yaml: proxy must be a pinned caddy or nginx image");
    if (!proxy.healthcheck?.test) problems.push("compose.yaml: proxy has no healthcheck");
    for (const [name] of apps) {
      if (proxy.depends_on?.[name]?.condition !== "service_healthy")
        problems.push(`compose.yaml: proxy must wait for a healthy ${name}`);
    }
    if (!(proxy.ports ?? []).some((p) => /:(80|443)$/.test(String(p))))
      problems.push("compose.yaml: proxy publishes neither port 80 nor 443");
    const config = (proxy.volumes ?? [])
      .map(String)
      .find((v) => v.startsWith("./") && /\/etc\/(caddy|nginx)\//.test(v));
    if (!config) problems.push("compose.yaml: proxy mounts no configuration file");
    else {
      let configText = "";
      try {
        configText = files(config.split(":")[0]);
      } catch {
        problems.push(`compose.yaml: proxy configuration ${config.split(":")[0]} is missing`);
      }
      for (const [name] of apps) {
        if (configText && !configText.includes(`${name}:3000`))
          problems.push(`compose.yaml: the proxy configuration does not send requests to ${name}:3000`);
      }
    }
  }
  const declared = Object.keys(doc.volumes ?? {});
  for (const [name, service] of Object.entries(services)) {
    for (const v of service.volumes ?? []) {
      const source = String(v).split(":")[0];
      if (!source.startsWith(".") && !source.startsWith("/") && !declared.includes(source)) {
        problems.push(`compose.yaml: volume ${source} of ${name} is not declared`);
      }
    }
  }
  return problems;
}

/**
 * Where a container engine is available (`docker info` answers): lets docker compose validate the file
 * and builds the image. Returns the problems, or null when there is no engine to ask.
 */
export function checkWithEngine() {
  const info = spawnSync("docker", ["info"], { stdio: "ignore" });
  if (info.error || info.status !== 0) return null;
  const problems = [];
  const env = {
    ...process.env,
    POSTGRES_PASSWORD: "check",
    PUBLIC_URL: "https://leads.example.com",
    AUTH_SECRET: "x".repeat(40),
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  };
  const config = spawnSync("docker", ["compose", "-f", "compose.yaml", "config", "--quiet"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (config.status !== 0) problems.push(`docker compose config: ${config.stderr.trim()}`);
  const build = spawnSync("docker", ["build", "-t", "leadpost:check", "."], { cwd: root, encoding: "utf8" });
  if (build.status !== 0)
    problems.push(`docker build: ${build.stderr.trim().split("\n").slice(-5).join("\n")}`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [
    ...checkDockerfile(readFileSync(join(root, "Dockerfile"), "utf8")),
    ...checkCompose(readFileSync(join(root, "compose.yaml"), "utf8")),
  ];
  // --engine: also validate with docker compose and build the image, where an engine runs.
  if (process.argv.includes("--engine")) {
    const engine = checkWithEngine();
    if (engine === null)
      console.log("No container engine answers (docker info): compose config and build skipped");
    else problems.push(...engine);
  }
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log("Dockerfile and compose.yaml: ok");
}
