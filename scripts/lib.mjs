// Small helpers shared by the start, dev and test scripts (plain Node, no dependencies).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", ...opts });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Newest modification time of any file below the given paths (0 if none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry !== "node_modules" && entry !== "dist") visit(join(p, entry));
      }
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

export function isStale(output, sources) {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
