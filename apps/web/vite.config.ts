import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { ON_DEMAND_CHUNKS } from "./on-demand.mjs";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
/** A chunk file of a module a user's action loads (on-demand.mjs), e.g. `assets/leads-tab-Ab12.js`. */
const onDemandChunk = new RegExp(`(^|/)(${ON_DEMAND_CHUNKS.join("|")})-[^/]*$`);
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
// react-router's exports map names only its development build, whatever the mode (its issues #12532,
// #14102): a production build takes the production files beside it, without the development warnings.
const routerDir = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
const routerAlias = (mode: string) =>
  mode === "production"
    ? [{ find: /^react-router$/, replacement: join(routerDir, "dist/production/index.mjs") }]
    : [];
/**
 * react-router's build gives its components a `displayName` by a top-level assignment and creates them
 * with `forwardRef` calls the bundler cannot tell are pure, so components the app never renders (NavLink,
 * Form, ScrollRestoration, HistoryRouter) stayed in the production bundle. A production build drops those
 * assignments (React DevTools names a component by its function then; the contexts keep theirs) and marks
 * the `forwardRef` calls pure, so an unused component goes with its code.
 */
function routerTreeShaking(): Plugin {
  return {
    name: "leadpost-router-tree-shaking",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      return code
        .replace(/^(?!\w*Context\.)\s*\w+\.displayName = "[^"\n]*";?$/gm, "")
        .replace(/(=\s*)(React\d*\.forwardRef\()/g, "$1/* @__PURE__ */ $2");
    },
  };
}
/** Lucide icon modules by name (`lucide-react/dist/esm/icons/<name>.mjs`). */
const icons = (names: string[]) =>
  new RegExp(`node_modules[\\\\/]lucide-react[\\\\/].*[\\\\/]icons[\\\\/](${names.join("|")})\\.mjs$`);
const sources = (paths: string[]) => new RegExp(`[\\\\/]src[\\\\/](${paths.join("|")})\\.tsx?$`);

/**
 * The small modules of the signed-in shell (layouts, sidebar, header, banners and their icons), kept in
 * one chunk: as thirty chunks of a few hundred bytes each they cost more to download than together.
 * Code that loads on first use (theme menu, workspace select, sidebar tooltip, phone drawer) stays out, and
 * so do the route modules themselves (layouts, screens): bench/bundle-size.mjs finds a route by its module.
 * Nothing the account pages use may be listed here (the "x" icon of the password checklist was, and brought
 * the whole shell to every password form): what both use goes in FRAME_MODULES.
 */
const SHELL_MODULES = [
  sources([
    "app/layouts/(layout-shell|sidebar-brand|sidebar-nav|sidebar-user|nav|company-nav)",
    "components/ui/sidebar/(sidebar|sidebar-context|sidebar-menu|sidebar-provider|sidebar-sections|sidebar-trigger)",
    "components/ui/(badge|separator|stat-tile|page-header|select-trigger-class)",
    "features/trial-banner/.*",
    "features/impersonation/(api|components/impersonation-banner)",
    "features/workspace/components/(workspace-switcher|workspace-labels)",
    "features/shell/components/app-header",
    "features/auth/components/logout-button",
    "features/auth/hooks/use-logout",
    "lib/queries/company-status",
    "lib/(use-is-mobile|format-duration)",
    // packages/shared: the trial banner's and the dashboard's company status texts, the suspended screen's.
    "domain/company-(status|suspension)",
  ]),
  icons([
    "book-open",
    "code",
    "coins",
    "file-text",
    "inbox",
    "layout-dashboard",
    "mail",
    "phone-call",
    "settings",
    "tags",
    "users",
    "user-round",
    "clock",
    "panel-left",
    "chevron-down",
    "phone-incoming",
    "building",
    "map",
    "log-out",
    "undo-2",
  ]),
];

/**
 * What the account pages share with the signed-in shell: the page frame and the theme switch. React
 * modules only (theme-labels is read by the sign-in page, login.html, which must not import this chunk).
 */
const FRAME_MODULES = [
  sources([
    "features/theme/components/theme-toggle",
    "features/shell/components/(app-footer|brand-mark|skip-link)",
    "components/ui/busy-button",
    // The loading skeleton: the account pages' parts that load on first use show it too.
    "components/ui/(skeleton|lazy-panel)",
    "lib/use-document-title",
    // The button and what every component draws with: class merging, the toast calls, the theme. They were
    // three chunks of their own (`button`, `use-theme`, radix's primitive) that every page loaded.
    "lib/theme/(use-theme|theme-context|theme-provider)",
    "lib/(toast|merge-classes|utils)",
    "components/ui/(button|slot)",
  ]),
  // lucide's icon base, clsx and class-variance-authority (lucide-react/dist/esm/{shared/*,Icon,…}.mjs).
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|(context|Icon|createLucideIcon)\.mjs)/,
  /node_modules[\\/](clsx|class-variance-authority)[\\/]/,
  // "x": the shell's close buttons and the password checklist of the account pages.
  icons(["sun", "moon", "loader-circle", "x"]),
];
/**
 * What every page of the app and the sign-in page (login.html) load first, without React: the API client,
 * the session, workspace and theme storage, the route access table, the flash toasts. One chunk rather
 * than a dozen of a few hundred bytes (each costs its own request and compresses alone).
 */
const COMMON_MODULES = [
  sources([
    "lib/(api-client|api-error|env|dev-schemas|flash-toast|flash-toast-key)",
    "lib/api/typed-client",
    "lib/session/(session-check|session-roles)",
    "lib/workspace/workspace-storage",
    "lib/theme/theme-storage",
    "app/route-access",
    "features/theme/components/theme-labels",
    "features/auth/sign-out-api",
    // packages/shared
    "domain/roles",
  ]),
  // Vite's helper for preloading what a dynamic import needs: a chunk of its own otherwise.
  /^\0vite[\\/]preload-helper/,
];

/**
 * What the buyer portal's pages share: the buyer's id with the portal's calls, its query keys, texts and
 * rules, and the hooks over them. Loaded by every buyer page (the layout's live updates read the keys).
 */
const BUYER_PORTAL_MODULES = [
  sources([
    "features/buyer-portal/(query-keys|api|hooks/use-buyer-id|hooks/use-buyer-portal)",
    // packages/shared
    "domain/buyer-portal",
  ]),
];

/** The display preferences (dates, times, numbers) that the lists and the dashboard format with. */
const DISPLAY_FORMAT_MODULES = [
  sources(["lib/preferences/use-display-format", "domain/(preferences|intl-cache)"]),
];

const matchesAny = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id));

/** The public form page's own path shape: /forms/:id, /forms/:id/preview, /forms/:id/embed. */
const PUBLIC_FORM_PATH = /^\/forms\/[^/?]+(?:\/(?:preview|embed))?\/?(?:\?|$)/;

/** The sign-in page's addresses (any case, as the app's router matches them): /login, /auth/login. */
const SIGN_IN_PATH = /^\/(?:auth\/)?login\/?(?:\?|$)/i;

/**
 * In dev and preview, public form addresses get form.html and the sign-in addresses login.html, as the
 * API server does in production (apps/server/src/plugins/web-static.ts).
 */
function ownPages(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const page = !req.url
      ? null
      : PUBLIC_FORM_PATH.test(req.url)
        ? "/form.html"
        : SIGN_IN_PATH.test(req.url)
          ? "/login.html"
          : null;
    if (req.url && page) {
      const query = req.url.indexOf("?");
      req.url = `${page}${query >= 0 ? req.url.slice(query) : ""}`;
    }
    next();
  };
  return {
    name: "leadpost-own-pages",
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The chunks being written, kept for `resolveDependencies` (Vite lists a dynamic import's preloads after
 * this plugin's `generateBundle` has run).
 */
const written = new Map<string, readonly string[]>();
function keepChunkImports(): Plugin {
  return {
    name: "leadpost-chunk-imports",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        written.clear();
        for (const [file, out] of Object.entries(bundle))
          if (out.type === "chunk") written.set(file, out.imports);
      },
    },
  };
}
/** A chunk and everything it imports statically: what is loaded once that chunk runs. */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of written.get(file) ?? []) loadedWith(dep, seen);
  return seen;
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, webRoot, "");
  const apiTarget = env.VITE_API_PROXY || "http://localhost:3000";
  // The API server owns /api and /version.json; in dev and preview the browser talks to it through Vite.
  const proxy = {
    "/api": { target: apiTarget, changeOrigin: true },
    "/version.json": { target: apiTarget, changeOrigin: true },
  };

  return {
    plugins: [keepChunkImports(), routerTreeShaking(), ownPages(), react(), tailwindcss()],
    resolve: { alias: [{ find: "@", replacement: srcDir }, ...routerAlias(mode)] },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      sourcemap: true,
      // The manifest lets bench/bundle-size.mjs compute what each route downloads.
      manifest: true,
      // Every browser the app supports preloads modules itself. A module a user's action loads
      // (on-demand.mjs) lists no modules to preload: the list would weigh on its page's first load.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (file, deps, { hostId }) => {
          if (onDemandChunk.test(file)) return [];
          const loaded = loadedWith(hostId);
          return deps.filter((dep) => !loaded.has(dep));
        },
      },
      rolldownOptions: {
        // Three pages: the app, and two that ship without React: the public form page (src/public-form)
        // and the sign-in page (src/sign-in).
        input: {
          app: fileURLToPath(new URL("./index.html", import.meta.url)),
          form: fileURLToPath(new URL("./form.html", import.meta.url)),
          login: fileURLToPath(new URL("./login.html", import.meta.url)),
        },
        output: {
          // Screens are split by route (lazy routes); the libraries every page needs get long-lived
          // chunks of their own so a deploy that changes only app code keeps them cached.
          codeSplitting: {
            groups: [
              { name: "vendor-react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: "vendor-router", test: /node_modules[\\/]react-router[\\/]/ },
              { name: "vendor-query", test: /node_modules[\\/]@tanstack[\\/]/ },
              { name: "vendor-zod", test: /node_modules[\\/]zod[\\/]/ },
              // Loaded on the first toast, click or key press (bench/bundle-size.mjs finds it by this name).
              { name: "vendor-sonner", test: /node_modules[\\/]sonner[\\/]/ },
              { name: "app-common", test: matchesAny(COMMON_MODULES), includeDependenciesRecursively: false },
              {
                name: "display-format",
                test: matchesAny(DISPLAY_FORMAT_MODULES),
                includeDependenciesRecursively: false,
              },
              {
                name: "buyer-portal",
                test: matchesAny(BUYER_PORTAL_MODULES),
                includeDependenciesRecursively: false,
              },
              { name: "app-frame", test: matchesAny(FRAME_MODULES), includeDependenciesRecursively: false },
              { name: "app-shell", test: matchesAny(SHELL_MODULES), includeDependenciesRecursively: false },
              // The small icons many screens share: one chunk rather than eight of 0.2-0.3 KiB each (the form
              // builder loads all eight; bench/README.md "Bundle size" has the trade per route).
              {
                name: "icons-common",
                test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|arrow-up|arrow-down|trash|save|send|phone|external-link)\.mjs$/,
              },
            ],
          },
        },
      },
    },
  };
});
