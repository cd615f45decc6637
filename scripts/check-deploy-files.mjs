// Checks the Dockerfile and compose.yaml without a Docker engine: the Dockerfile's required
// instructions, and compose.yaml's structure. Exits non-zero with the list of problems.
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

export function checkCompose(text) {
  const problems = [];
  let doc;
  try {
    doc = parse(text);
  } catch (err) {
    return [`compose.yaml: not valid YAML: ${err.message}`];
  }
  const services = doc?.services;
  if (!services || typeof services !== "object") return ["compose.yaml: no services"];
  const { app, db } = services;
  if (!app) problems.push("compose.yaml: no app service");
  if (!db) problems.push("compose.yaml: no db service");
  if (db) {
    if (!/^postgres:\d+/.test(String(db.image)))
      problems.push("compose.yaml: db must be a pinned postgres image");
    if (!db.healthcheck?.test) problems.push("compose.yaml: db has no healthcheck");
    if (!(db.volumes ?? []).some((v) => String(v).includes("/var/lib/postgresql/data"))) {
      problems.push("compose.yaml: db data is not on a volume");
    }
  }
  if (app) {
    if (!app.build) problems.push("compose.yaml: app is not built from the Dockerfile");
    if (app.depends_on?.db?.condition !== "service_healthy") {
      problems.push("compose.yaml: app must wait for a healthy db");
    }
    const env = app.environment ?? {};
    for (const name of [
      "NODE_ENV",
      "DATABASE_URL",
      "PUBLIC_URL",
      "AUTH_SECRET",
      "ENCRYPTION_KEY",
      "SMTP_URL",
      "RESEND_API_KEY",
    ]) {
      if (!(name in env)) problems.push(`compose.yaml: app does not set ${name}`);
    }
    if (!String(env.DATABASE_URL ?? "").includes("@db:5432/"))
      problems.push("compose.yaml: DATABASE_URL must point at the db service");
    if (!(app.ports ?? []).some((p) => String(p).endsWith(":3000")))
      problems.push("compose.yaml: app port 3000 is not published");
  }
  const declared = Object.keys(doc.volumes ?? {});
  for (const service of Object.values(services)) {
    for (const v of service.volumes ?? []) {
      const source = String(v).split(":")[0];
      if (!source.startsWith(".") && !source.startsWith("/") && !declared.includes(source)) {
        problems.push(`compose.yaml: volume ${source} is not declared`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [
    ...checkDockerfile(readFileSync(join(root, "Dockerfile"), "utf8")),
    ...checkCompose(readFileSync(join(root, "compose.yaml"), "utf8")),
  ];
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log("Dockerfile and compose.yaml: ok");
}
