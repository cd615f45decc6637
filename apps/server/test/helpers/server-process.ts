import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

const SERVER_DIR = resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export type TServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

/** Builds the server bundle (dist/index.js) when its sources are newer than it, as `npm start` does. */
export async function buildServerIfStale(): Promise<void> {
  const child = spawn(process.execPath, ["scripts/build-if-stale.mjs", "--only=server"], {
    cwd: resolve(SERVER_DIR, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += String(d);
  });
  child.stderr.on("data", (d) => {
    output += String(d);
  });
  const code = await new Promise<number | null>((res) => child.once("exit", (c) => res(c)));
  if (code !== 0) throw new Error(`server build failed:\n${output}`);
}

/**
 * Runs the real server entry point in its own process: src/index.ts under tsx, or with `built` the
 * bundle `npm start` runs (dist/index.js; see buildServerIfStale).
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { built?: boolean } = {},
): Promise<TServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const args = opts.built ? ["--enable-source-maps", "dist/index.js"] : ["--import", "tsx", "src/index.ts"];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => chunks.push(String(d)));
  child.stderr?.on("data", (d) => chunks.push(String(d)));
  const exited = new Promise<number | string>((res) =>
    child.once("exit", (code, signal) => res(code ?? signal ?? -1)),
  );
  return { child, url, output: () => chunks.join(""), exited };
}

/** Waits until /api/health answers, or fails with the server's output if it exits or times out. */
export async function waitHealthy(server: TServerProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ok = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
