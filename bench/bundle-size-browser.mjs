// The JavaScript a real browser downloads until a route is idle, signed in with the route's role: headless
// Chromium opens each route directly and every script it fetches is counted (each response gzipped at level 9, as
// bench/bundle-size.mjs counts the built files). It checks the build's manifest-based figures
// (bench/bundle-size.mjs) against what a browser really does.
//
//   npm run build && PORT=4105 DATA_DIR=/tmp/leadpost-bundle node apps/server/dist/index.js &
//   BENCH_URL=http://127.0.0.1:4105 node bench/bundle-size-browser.mjs [/dashboard /buyer/my-leads …]
//
// Without route arguments it opens every route bench/bundle-size.mjs measures (parameters filled from the
// demo data where a route needs one). CHROME_PATH (default /usr/bin/chromium) is the browser; the server
// needs its demo data (SEED_DEMO, the default outside production).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { measureRoutes } from "./bundle-size.mjs";

const BASE = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const PASSWORD = "Leadpost!2026";
/** The demo account that opens each audience's routes. */
const ACCOUNT = {
  company: "owner@leadpost.test",
  buyer: "buyer@leadpost.test",
  "platform-admin": "admin@leadpost.test",
  public: null,
};
/** After the network is quiet: the toaster loads 3 s after the first render (app/toaster-slot.tsx). */
const SETTLE_MS = 4000;

async function signedInContext(browser, email) {
  const context = await browser.newContext({ baseURL: BASE });
  if (email) {
    const res = await context.request.post("/api/auth/sign-in/email", {
      data: { email, password: PASSWORD },
      headers: { origin: BASE },
    });
    if (!res.ok()) throw new Error(`sign-in as ${email}: ${res.status()} ${await res.text()}`);
  }
  return context;
}

/** Opens one address in a fresh page (empty cache) and returns the scripts it fetched until idle. */
async function scriptsOf(context, address) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map();
  page.on("response", async (res) => {
    const url = new URL(res.url());
    if (res.request().resourceType() !== "script" && !/\.m?js$/.test(url.pathname)) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(url.pathname, gzipSync(body, { level: 9 }).length / 1024);
  });
  await page.goto(address, { waitUntil: "networkidle" });
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState("networkidle");
  const landed = new URL(page.url()).pathname;
  await page.close();
  return { landed, scripts: [...scripts] };
}

/** Fills a route pattern's parameters with ids of the demo data. */
async function addressOf(context, pattern) {
  if (!pattern.includes(":")) return pattern.replace(/\/\*$/, "/x");
  const ids = {};
  const forms = await context.request.get("/api/forms").then((r) => (r.ok() ? r.json() : null));
  const formList = Array.isArray(forms) ? forms : (forms?.forms ?? forms?.items ?? []);
  ids.formId = formList[0]?.id;
  ids.id = ids.formId;
  const companies = await context.request.get("/api/admin/companies").then((r) => (r.ok() ? r.json() : null));
  const companyList = Array.isArray(companies) ? companies : (companies?.companies ?? companies?.items ?? []);
  ids.companyId = companyList[0]?.id;
  return pattern.replace(/:(\w+)/g, (_, name) => ids[name] ?? "00000000-0000-0000-0000-000000000000");
}

const manifestRoutes = await measureRoutes();
const wanted = process.argv.slice(2);
const routes = wanted.length
  ? wanted.map((path) => manifestRoutes.find((r) => r.path === path) ?? { path, audience: "company" })
  : manifestRoutes;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const contexts = {};
console.log("route | audience | browser KiB gzip | manifest KiB gzip | opened as");
try {
  for (const route of routes) {
    contexts[route.audience] ??= await signedInContext(browser, ACCOUNT[route.audience]);
    const context = contexts[route.audience];
    const address = await addressOf(context, route.path);
    const { landed, scripts } = await scriptsOf(context, address);
    const kib = scripts.reduce((sum, [, size]) => sum + size, 0);
    const manifestKib = route.gzipKb ?? "–";
    const note = landed === address ? address : `${address} → ${landed}`;
    console.log(`${route.path} | ${route.audience} | ${kib.toFixed(1)} | ${manifestKib} | ${note}`);
    if (process.env.VERBOSE)
      for (const [path, size] of scripts.toSorted((a, b) => b[1] - a[1]))
        console.log(`    ${size.toFixed(1).padStart(5)}  ${path}`);
  }
} finally {
  await browser.close();
}
