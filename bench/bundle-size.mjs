// Initial JavaScript (gzip) a browser downloads before a route can render, from the Vite manifest:
// the entry chunk, its static imports, and the lazily loaded chunks of the route's screens.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../apps/web/dist/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return seen;
}

function gzipKb(keys) {
  let raw = 0;
  let gz = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith(".js")) continue;
    const buf = readFileSync(join(dist, file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gz / 1024).toFixed(1) };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const findChunk = (pattern) => Object.keys(manifest).filter((k) => pattern.test(k));
// What each route lazily loads besides the entry: its layout and its screen.
const routes = {
  "/login": findChunk(/(layouts\/auth-layout|auth\/components\/login-page)\.tsx$/),
  "/dashboard": findChunk(/(layouts\/company-layout|dashboard\/components\/dashboard-home-page)\.tsx$/),
  "/forms/:id": findChunk(/public-forms\/components\/public-form-page\.tsx$/),
};

const rows = [
  ["entry only", [entry]],
  ...Object.entries(routes).map(([r, chunks]) => [r, [entry, ...chunks]]),
];
for (const [name, keys] of rows) {
  const size = gzipKb(closure(keys));
  console.log(`${name.padEnd(12)} ${String(size.gzipKb).padStart(7)} KiB gzip  (${size.rawKb} KiB raw)`);
}
