import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { TAppEnv, TRouteAuthSpec } from "../src/app-types";
import { AppError, unauthenticated } from "../src/lib/app-error";
import { jsonContent } from "../src/lib/openapi";
import { defineRoute } from "../src/plugins/define-route";
import { handleError } from "../src/plugins/errors";

// docs/api-conventions.md: every route declares its auth with defineRoute.
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const serverSrc = join(repoRoot, "apps/server/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function filesMatching(pattern: RegExp) {
  return sourceFiles(serverSrc)
    .filter((file) => pattern.test(readFileSync(file, "utf8")))
    .map((file) => relative(repoRoot, file));
}

describe("defineRoute", () => {
  it("is the only way a server route is declared", () => {
    const bare = filesMatching(/\bcreateRoute\(/).filter(
      (f) => f !== "apps/server/src/plugins/define-route.ts",
    );
    expect(bare).toEqual([]);
  });

  it("leaves no auth middleware attached by path", () => {
    const byPath = filesMatching(
      /app\.use\(\s*[^)]*?(requireSession|requireCompanyRole|requireBuyer|requirePlatformAdmin)\(/,
    );
    expect(byPath).toEqual([]);
  });

  it("does not compile a route without its auth", () => {
    const config = {
      method: "get",
      path: "/api/x",
      responses: { 200: jsonContent(z.object({}), "ok") },
    } as const;
    // @ts-expect-error auth is required
    expect(() => defineRoute(config)).not.toThrow();
    expect(() => defineRoute({ ...config, auth: "company" })).not.toThrow();
  });

  it("runs the guard of the declared auth before validating the request, and documents 401", async () => {
    const seen: TRouteAuthSpec[] = [];
    const app = new OpenAPIHono<TAppEnv>();
    app.onError(handleError);
    app.use("*", (c, next) => {
      c.set("routeGuard", (spec) => async (_c, next) => {
        seen.push(spec);
        if (spec.auth !== "public") throw unauthenticated();
        await next();
      });
      return next();
    });
    const body = { required: true, content: { "application/json": { schema: z.object({ n: z.number() }) } } };
    const ok = { 200: jsonContent(z.object({ ok: z.boolean() }), "ok") };
    const secured = defineRoute({
      auth: "company",
      roles: ["owner"],
      method: "post",
      path: "/api/secured",
      request: { body },
      responses: ok,
    });
    const open = defineRoute({
      auth: "public",
      method: "post",
      path: "/api/open",
      request: { body },
      responses: ok,
    });
    app.openapi(secured, (c) => c.json({ ok: true }, 200));
    app.openapi(open, (c) => c.json({ ok: true }, 200));

    const post = (path: string, payload: unknown) =>
      app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
    const refused = await post("/api/secured", { n: "not a number" });
    expect(refused.status).toBe(401);
    expect((await post("/api/open", { n: 1 })).status).toBe(200);
    expect(seen).toEqual([
      { auth: "company", roles: ["owner"], deniedMessage: undefined },
      { auth: "public", roles: undefined, deniedMessage: undefined },
    ]);
    expect(Object.keys(secured.responses)).toEqual(["200", "401"]);
    expect(Object.keys(open.responses)).toEqual(["200"]);
  });

  it("gives the guard's refusal the route's own code, and leaves the route's own errors alone", async () => {
    const app = new OpenAPIHono<TAppEnv>();
    app.onError(handleError);
    app.use("*", (c, next) => {
      c.set("routeGuard", () => async (c, next) => {
        if (!c.req.header("cookie")) throw unauthenticated();
        await next();
      });
      return next();
    });
    const route = defineRoute({
      auth: "user",
      rewordRefusal: (refusal) =>
        refusal.code === "UNAUTHENTICATED" ? new AppError("AUTH_REQUIRED", "Log in again") : refusal,
      method: "get",
      path: "/api/own-words",
      responses: { 200: jsonContent(z.object({}), "ok") },
    });
    app.openapi(route, () => {
      throw unauthenticated("the route's own");
    });
    const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    const refused = await app.request("/api/own-words");
    expect([refused.status, await codeOf(refused)]).toEqual([401, "AUTH_REQUIRED"]);
    const own = await app.request("/api/own-words", { headers: { cookie: "s=1" } });
    expect([own.status, await codeOf(own)]).toEqual([401, "UNAUTHENTICATED"]);
  });

  it("refuses to serve a declared route when no guard was wired (never open by mistake)", async () => {
    const app = new OpenAPIHono<TAppEnv>();
    const route = defineRoute({
      auth: "user",
      method: "get",
      path: "/api/me",
      responses: { 200: jsonContent(z.object({}), "ok") },
    });
    app.openapi(route, (c) => c.json({}, 200));
    expect((await app.request("/api/me")).status).toBe(500);
  });
});
