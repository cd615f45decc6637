// Initial JavaScript (gzip) a browser downloads before a route can render, from the Vite manifest:
// the entry chunk, its static imports, and the lazily loaded chunks of the route's screens.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const DIST = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));

/** Gzipped and raw KiB of the first load of each measured page, from a built apps/web/dist. */
export function measureBundles(dist = DIST) {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) visit(dep);
    };
    for (const k of keys) visit(k);
    return seen;
  };
  const size = (keys) => {
    let raw = 0;
    let gz = 0;
    for (const key of closure(keys)) {
      const file = manifest[key]?.file;
      if (!file?.endsWith(".js")) continue;
      const buf = readFileSync(join(dist, file));
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    return { rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gz / 1024).toFixed(1) };
  };
  // Three pages: the app (index.html), and two that ship without React: the public form page (form.html)
  // and the sign-in page (login.html, for /login and /auth/login).
  const entryOf = (html) => Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith(html));
  const app = entryOf("index.html");
  const chunks = (pattern, count) => {
    const keys = Object.keys(manifest).filter((k) => pattern.test(k));
    // A route module merged into a shared chunk has no key of its own and would go uncounted.
    if (keys.length !== count)
      throw new Error(`expected ${count} route modules for ${pattern}, found ${keys}`);
    return keys;
  };
  // What a route lazily loads besides the entry: its layout and its screen.
  return {
    "entry only": size([app]),
    "/login": size([entryOf("login.html")]),
    "/dashboard": size([
      app,
      ...chunks(/(layouts\/company-layout|dashboard\/components\/dashboard-home-page)\.tsx$/, 2),
    ]),
    "/forms/:id": size([entryOf("form.html")]),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, s] of Object.entries(measureBundles())) {
    console.log(`${name.padEnd(12)} ${String(s.gzipKb).padStart(7)} KiB gzip  (${s.rawKb} KiB raw)`);
  }
}
