import { createRequire } from "node:module";
import { dirname } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { TApp } from "../../app-types";

const require = createRequire(import.meta.url);

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${title}</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="api-reference"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/reference.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#api-reference",
  deepLinking: true,
  withCredentials: true,
});`;

/** The API reference, served from our own origin so it works offline and without third-party scripts. */
export function registerApiDocs(app: TApp) {
  const assetsRoot = dirname(require.resolve("swagger-ui-dist/package.json"));
  app.get("/api/docs", (c) => c.html(page("Leadpost API reference")));
  app.get("/api/docs/reference.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(init);
  });
  app.use(
    "/api/docs/assets/*",
    serveStatic({ root: assetsRoot, rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, "") }),
  );
}
