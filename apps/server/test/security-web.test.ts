import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { forms } from "../src/db/schema";
import { inlineScriptHashes } from "../src/plugins/security-headers";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createPublishedForm } from "./helpers/forms";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@web.test", "Web Co");
});
afterAll(() => ctx.close());

/** A request exactly as a browser would send it, headers and all (no default Origin). */
const raw = (
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
) =>
  ctx.app.request(path, {
    method: init.method ?? "GET",
    headers: { ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
const statusOf = async (formId: string) =>
  (await ctx.database.db.select().from(forms).where(eq(forms.id, formId)))[0]!.status;

describe("cross-site request forgery", () => {
  it("refuses a cross-origin POST carrying the owner's cookie with 403 and changes nothing", async () => {
    const form = await createPublishedForm(ctx, acme.cookie);
    const forged: Record<string, string>[] = [
      { origin: "http://evil.localhost:3999" }, // a sibling subdomain: same site, the cookie goes along
      { origin: "https://attacker.example" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of forged) {
      const res = await raw(`/api/forms/${form.id}/unpublish`, {
        method: "POST",
        headers: { ...headers, cookie: acme.cookie },
      });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("CROSS_ORIGIN_REQUEST");
      expect(body.error.message).toContain(TEST_ORIGIN);
      expect(await statusOf(form.id)).toBe("published");
    }
  });

  it("lets the product's own pages, both loopback spellings in development, and non-browser clients through", async () => {
    const form = await createPublishedForm(ctx, acme.cookie);
    const ok = async (headers: Record<string, string>, action: "unpublish" | "publish") => {
      const res = await raw(`/api/forms/${form.id}/${action}`, {
        method: "POST",
        headers: { ...headers, cookie: acme.cookie },
      });
      expect(res.status).toBe(200);
    };
    await ok({ origin: TEST_ORIGIN }, "unpublish");
    await ok({ origin: "http://127.0.0.1:3999" }, "publish");
    await ok({ "sec-fetch-site": "same-origin" }, "unpublish");
    await ok({}, "publish"); // no Origin, no Sec-Fetch-Site: a script or server, not a browser page
    // Without the session cookie there is nothing to forge (anonymous public forms, API keys).
    const anon = await raw(`/api/forms/${form.id}/unpublish`, {
      method: "POST",
      headers: { origin: "https://attacker.example" },
    });
    expect(anon.status).toBe(401);
  });

  it("signs in from 127.0.0.1 while PUBLIC_URL says localhost (development)", async () => {
    const res = await raw("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "http://127.0.0.1:3999" },
      json: { email: "owner@web.test", password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(200);
  });
});

describe("security headers", () => {
  const THEME_SCRIPT = "document.documentElement.dataset.theme='light';";
  let web: ReturnType<typeof createApp>;
  let prod: ReturnType<typeof createApp>;
  beforeAll(() => {
    const dist = mkdtempSync(join(tmpdir(), "leadpost-web-"));
    writeFileSync(
      join(dist, "index.html"),
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
    );
    writeFileSync(
      join(dist, "login.html"),
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/login.js"></script></body></html>`,
    );
    web = createApp({ ...ctx.deps, config: { ...ctx.deps.config, webDistDir: dist } });
    prod = createApp({ ...ctx.deps, config: { ...ctx.deps.config, webDistDir: dist, isProduction: true } });
  });

  it("puts CSP, frame protection, Referrer-Policy and nosniff on every page of the app", async () => {
    const res = await web.request("/dashboard/forms");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' '${inlineScriptHashes(`<script>${THEME_SCRIPT}</script>`)[0]}'`);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.mapbox\.com/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect((await prod.request("/login")).headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("answers the sign-in addresses with the sign-in page (login.html), the rest with the app", async () => {
    for (const path of ["/login", "/auth/login", "/login/", "/LOGIN", "/login?tab=buyer"]) {
      const res = await web.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("/assets/login.js");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    for (const path of ["/auth/register", "/buyer/login", "/login/extra", "/dashboard"]) {
      expect(await (await web.request(path)).text()).toContain("/assets/app.js");
    }
  });

  it("lets any site frame a form that lists none, and only the listed sites frame one that does", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      embedOrigins: ["https://www.customer.example", "", "https://shop.customer.example/"],
    });
    expect(form.embedOrigins).toEqual(["https://www.customer.example", "https://shop.customer.example"]);
    for (const path of [`/forms/${form.id}`, `/forms/${form.id}/embed`]) {
      const res = await web.request(path);
      expect(res.headers.get("content-security-policy")).toContain(
        "frame-ancestors 'self' https://www.customer.example https://shop.customer.example",
      );
      expect(res.headers.get("x-frame-options")).toBeNull();
    }
    const preview = await web.request(`/forms/${form.id}/preview`);
    expect(preview.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const bad = await ctx.request(`/api/forms/${form.id}`, {
      method: "PATCH",
      cookie: acme.cookie,
      json: { embedOrigins: ["javascript:alert(1)"] },
    });
    expect(bad.status).toBe(422);
    // A form that lists no site may be framed anywhere: the embed code works wherever it is pasted.
    const unlisted = await createPublishedForm(ctx, acme.cookie);
    for (const path of [`/forms/${unlisted.id}`, `/forms/${unlisted.id}/embed`]) {
      const res = await web.request(path);
      expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors \*(;|$)/);
      expect(res.headers.get("x-frame-options")).toBeNull();
    }
    const unlistedPreview = await web.request(`/forms/${unlisted.id}/preview`);
    expect(unlistedPreview.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("protects the other HTML answers too (API reference, development mailbox)", async () => {
    for (const path of ["/api/docs", "/dev/mailbox"]) {
      const res = await web.request(path, {}, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});
