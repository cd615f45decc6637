import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { TApp } from "../app-types";
import { inlineScriptHashes, setHtmlSecurityHeaders } from "./security-headers";

/** The public form page and its borderless embed variant (not the builder's preview). */
const FRAMABLE_FORM_PAGE = /^\/forms\/([0-9a-fA-F-]{36})(?:\/embed)?\/?$/;

/** /forms/:id, /forms/:id/preview and /forms/:id/embed: the public lead-capture page. */
const PUBLIC_FORM_PATH = /^\/forms\/[^/]+(?:\/(?:preview|embed))?\/?$/;

/** /login and /auth/login in any case (the app's router matches them so): the sign-in page. */
const SIGN_IN_PATH = /^\/(?:auth\/)?login\/?$/i;

/**
 * Serves the built web app: hashed assets cached forever, every other non-API path gets index.html
 * so the client router can answer it (including its own "unknown path" redirect).
 */
export function registerWebApp(
  app: TApp,
  webDistDir: string,
  log: { warn(msg: string): void },
  opts: { embedOrigins?: (formId: string) => Promise<string[]> } = {},
) {
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
  // The public form page is its own small page without the app (apps/web/form.html).
  const formFile = join(webDistDir, "form.html");
  const formHtml = existsSync(formFile) ? readFileSync(formFile, "utf8") : indexHtml;
  // So is the sign-in page (apps/web/login.html); the app loads it anew when its router reaches /login.
  const loginFile = join(webDistDir, "login.html");
  const loginHtml = existsSync(loginFile) ? readFileSync(loginFile, "utf8") : indexHtml;
  const scriptHashes = [...new Set([...inlineScriptHashes(indexHtml), ...inlineScriptHashes(loginHtml)])];

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
  app.get("*", async (c, next) => {
    if (c.req.path.startsWith("/api/")) return next();
    // A missing file (a stale hashed asset, a typo'd script) is a 404, never the app's HTML.
    if (c.req.path.startsWith("/assets/") || looksLikeFile(c.req.path)) {
      return c.text("Not found", 404);
    }
    c.header("Cache-Control", "no-cache");
    const page = PUBLIC_FORM_PATH.test(c.req.path)
      ? formHtml
      : SIGN_IN_PATH.test(c.req.path)
        ? loginHtml
        : indexHtml;
    const response = c.html(page);
    // Only the public form page may be framed: by any site while the form lists none (an embed works
    // wherever it is pasted), else only by the sites listed on the form.
    const formId = FRAMABLE_FORM_PAGE.exec(c.req.path)?.[1];
    const listed = formId && opts.embedOrigins ? await opts.embedOrigins(formId) : null;
    const frameAncestors = listed === null ? null : listed.length > 0 ? listed : "*";
    setHtmlSecurityHeaders(response.headers, { scriptHashes, frameAncestors });
    return response;
  });
}

/** "/favicon.ico", "/x/app.js": a last segment with an extension is a file request, not an app path. */
function looksLikeFile(path: string) {
  const last = path.slice(path.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}
