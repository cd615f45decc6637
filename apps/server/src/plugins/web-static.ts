import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { TApp } from "../app-types";

/**
 * Serves the built web app: hashed assets cached forever, every other non-API path gets index.html
 * so the client router can answer it (including its own "unknown path" redirect).
 */
export function registerWebApp(app: TApp, webDistDir: string, log: { warn(msg: string): void }) {
  const indexFile = join(webDistDir, "index.html");
  if (!existsSync(indexFile)) {
    log.warn(`web app not built: ${indexFile} is missing (run npm run build)`);
    app.get("*", (c, next) => {
      if (c.req.path.startsWith("/api/")) return next();
      return c.text("The web app has not been built yet. Run: npm run build", 503);
    });
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");

  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root: webDistDir }),
  );
  app.use("*", async (c, next) => {
    if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/assets/")) return next();
    // Top-level files such as favicon.svg; directories fall through to the client router.
    return serveStatic({ root: webDistDir, index: "__no_directory_index__" })(c, next);
  });
  app.get("*", (c, next) => {
    if (c.req.path.startsWith("/api/")) return next();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
