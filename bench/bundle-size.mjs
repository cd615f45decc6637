// The JavaScript (gzip) a browser downloads until a page is idle, for every route of the app, from the Vite
// build manifest. Each route counts
//   - the app's entry (index.html) and the lazily loaded modules of the route and its parent routes
//     (layouts, screen), taken from the router definition itself (apps/web/src/app/routes.tsx, loaded
//     through Vite), so a new route is measured without being listed here;
//   - everything those import statically;
//   - everything they import dynamically (schemas loaded with a call, the toaster loaded once the page is
//     idle, lazy components drawn on mount), except other routes' modules and ON_DEMAND below: the modules
//     a user's action loads. A new dynamic import is counted until it is listed there.
// The sign-in page (login.html, /login and /auth/login) and the public form (form.html, /forms/:id) are
// pages of their own and count their entry the same way.
// bench/bundle-size-browser.mjs measures the same routes in Chromium to check these figures.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ON_DEMAND } from "../apps/web/on-demand.mjs";

export { ON_DEMAND };

const WEB = fileURLToPath(new URL("../apps/web/", import.meta.url));
const DIST = join(WEB, "dist");

const onDemandFor = (path) =>
  Object.entries(ON_DEMAND)
    .filter(([, { pages }]) => !pages || pages.includes(path))
    .map(([key]) => key);

/** Pages of their own: served by the API server for these addresses (apps/server/src/plugins/web-static.ts). */
const OWN_PAGES = [
  { path: "/login", html: "login.html", audience: "public", note: "also /auth/login" },
  { path: "/forms/:id", html: "form.html", audience: "public", note: "also /embed and /preview" },
];

/** Which account opens a route: the role the route-access table gives it (company routes: the owner). */
const ACCOUNT_OF = {
  public: "public",
  company: "company",
  "company-admin": "company",
  "signed-in": "company",
  buyer: "buyer",
  "platform-admin": "platform-admin",
};

/**
 * The app's routes from its router definition: each with its address pattern, the modules its `lazy`
 * loaders import (parents first) and, for a redirect, where it goes. Loaded through Vite's module runner
 * (the lazy loaders are not called: their source names the module they import).
 */
export async function appRoutes() {
  const { createServer } = await import("vite");
  const server = await createServer({
    configFile: join(WEB, "vite.config.ts"),
    root: WEB,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { routes } = await server.ssrLoadModule("/src/app/routes.tsx");
    const { routeAudienceOf } = await server.ssrLoadModule("/src/app/route-access.ts");
    const found = [];
    const lazyModule = (route) => {
      if (!route.lazy) return [];
      const ids = [...String(route.lazy).matchAll(/import__\(\s*["']\/([^"']+)["']/g)].map((m) => m[1]);
      // The loader must import its module itself (`lazy: async () => ({ Component: (await import("…")).X })`),
      // or the route's screen could not be measured.
      if (ids.length === 0) throw new Error(`a route's lazy loader imports no module itself: ${route.lazy}`);
      return ids;
    };
    // Routes outside the guard (account pages, public addresses, the 404 page) are opened signed out.
    const walk = (list, parentPath, parentModules, guarded = false) => {
      for (const route of list) {
        const path = route.index
          ? parentPath || "/"
          : route.path
            ? `${parentPath.replace(/\/$/, "")}/${route.path}`
            : parentPath;
        const modules = [...parentModules, ...lazyModule(route)];
        const isGuarded = guarded || route.Component?.name === "RouteGuard";
        if (route.children) walk(route.children, path, modules, isGuarded);
        else {
          const redirectTo = route.element?.props?.to ?? null;
          const sample = path.replace(/:\w+/g, "x").replace(/\*$/, "x");
          const audience = isGuarded ? ACCOUNT_OF[routeAudienceOf(sample)] : "public";
          found.push({ path, modules, redirectTo, audience });
        }
      }
    };
    walk(routes, "", []);
    return found;
  } finally {
    await server.close();
  }
}

/** Gzipped and raw KiB of one set of manifest chunks (and the chunks themselves), from a built dist. */
export function manifestSizer(dist = DIST) {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
  const entryOf = (html) => Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith(html));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) {
      const buf = readFileSync(join(dist, file));
      gzipped.set(file, { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length });
    }
    return gzipped.get(file);
  };
  /** What opening a route downloads: `start` with its static and (minus `skip`) dynamic imports. */
  const closure = (start, skip) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`${key} has no chunk of its own in the manifest`);
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
      for (const dep of manifest[key].dynamicImports ?? [])
        if (!skip.has(dep) && !skip.has(manifest[dep]?.name)) visit(dep);
    };
    for (const key of start) visit(key);
    return seen;
  };
  const size = (start, skip) => {
    let raw = 0;
    let gz = 0;
    const files = [];
    for (const key of closure(start, skip)) {
      const file = manifest[key].file;
      if (!/\.m?js$/.test(file)) continue;
      const s = sizeOf(file);
      raw += s.raw;
      gz += s.gz;
      files.push({ file, gzipKb: +(s.gz / 1024).toFixed(1) });
    }
    return { rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gz / 1024).toFixed(1), files };
  };
  return { manifest, entryOf, size };
}

/**
 * Every route's download: [{ path, audience, gzipKb, rawKb, files, redirectTo? }]. A redirect counts
 * what its destination downloads.
 */
export async function measureRoutes(dist = DIST) {
  const { entryOf, size } = manifestSizer(dist);
  const routes = await appRoutes();
  const app = entryOf("index.html");
  // Another route's modules load when that route opens, not with this one.
  const routeModules = new Set(routes.flatMap((r) => r.modules));
  const skip = (path) => new Set([...routeModules, ...onDemandFor(path)]);
  const figures = routes.map((route) => ({
    path: route.path,
    audience: route.audience,
    redirectTo: route.redirectTo,
    ...size([app, ...route.modules], skip(route.path)),
  }));
  for (const own of OWN_PAGES) {
    const at = figures.findIndex((f) => f.path === own.path);
    const figure = { ...own, redirectTo: null, ...size([entryOf(own.html)], skip(own.path)) };
    if (at >= 0) figures[at] = figure;
    else figures.push(figure);
  }
  // /auth/login is the sign-in page too.
  const signIn = figures.find((f) => f.path === "/login");
  for (const f of figures) if (f.path === "/auth/login") Object.assign(f, { ...signIn, path: f.path });
  for (const f of figures) {
    const target = f.redirectTo && figures.find((t) => t.path === f.redirectTo);
    if (target) {
      const { gzipKb, rawKb, files, audience } = target;
      Object.assign(f, { gzipKb, rawKb, files, audience });
    }
  }
  return figures;
}

/**
 * One line per route, largest first: what the build check and the bench print. With budgets: ✔ within the
 * route's budget (`budgetOf`), ✖ over it.
 */
export function formatRoutes(figures, budgetOf) {
  const mark = (f) => (!budgetOf ? "" : f.gzipKb > budgetOf(f.path) ? "✖ " : "✔ ");
  return figures
    .toSorted((a, b) => b.gzipKb - a.gzipKb || a.path.localeCompare(b.path))
    .map((f) => {
      const via = f.redirectTo ? `  (→ ${f.redirectTo})` : "";
      return `${mark(f)}${f.path.padEnd(42)} ${String(f.gzipKb.toFixed(1)).padStart(6)} KiB gzip  ${String(f.rawKb.toFixed(1)).padStart(6)} KiB raw  ${f.audience}${via}`;
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureRoutes();
  for (const line of formatRoutes(figures)) console.log(line);
  if (process.env.VERBOSE) {
    for (const f of figures.filter((x) => process.argv.slice(2).includes(x.path))) {
      console.log(`\n${f.path}`);
      for (const file of f.files.toSorted((a, b) => b.gzipKb - a.gzipKb))
        console.log(`  ${String(file.gzipKb).padStart(6)}  ${file.file}`);
    }
  }
}
