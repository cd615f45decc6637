import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
/** The public form page's own path shape: /forms/:id, /forms/:id/preview, /forms/:id/embed. */
const PUBLIC_FORM_PATH = /^\/forms\/[^/?]+(?:\/(?:preview|embed))?\/?(?:\?|$)/;

/** In dev and preview, public form addresses get form.html, as the API server does in production. */
function publicFormPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && PUBLIC_FORM_PATH.test(req.url)) {
      const query = req.url.indexOf("?");
      req.url = `/form.html${query >= 0 ? req.url.slice(query) : ""}`;
    }
    next();
  };
  return {
    name: "leadpost-public-form-page",
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
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
    plugins: [publicFormPage(), react(), tailwindcss()],
    resolve: { alias: { "@": srcDir } },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      sourcemap: true,
      // The manifest lets bench/bundle-size.mjs compute what each route downloads.
      manifest: true,
      rolldownOptions: {
        // Two pages: the app, and the public form page that ships without React (src/public-form).
        input: {
          app: fileURLToPath(new URL("./index.html", import.meta.url)),
          form: fileURLToPath(new URL("./form.html", import.meta.url)),
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
            ],
          },
        },
      },
    },
  };
});
