import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import type { TDeps } from "../../src/app-types";
import { loadConfig } from "../../src/lib/config";
import { createLogger } from "../../src/lib/logger";
import { wireDeps } from "../../src/wire";
import { createTestDatabase, type TTestDatabase } from "./test-database";

export type TTestContext = {
  app: ReturnType<typeof createApp>;
  deps: TDeps;
  database: TTestDatabase;
  /** Calls the app in-process, like a browser on the same origin would. */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; cookie?: string; remoteAddress?: string },
  ): Promise<Response>;
  close(): Promise<void>;
};

export const TEST_ORIGIN = "http://localhost:3999";

/** The auth secret of every test context: a server process given it accepts the contexts' sessions. */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

/**
 * The app in-process on a new test database, or on `opts.database` (shared with server processes the
 * test starts; closing the context then leaves that database to its owner).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { database?: TTestDatabase } = {},
): Promise<TTestContext> {
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(join(tmpdir(), "leadpost-test-")),
    SEED_DEMO: "false",
    ...env,
  });
  const deps: TDeps = wireDeps({
    config,
    database,
    logger: createLogger(config.logLevel),
    authSecret: TEST_AUTH_SECRET,
    encryptionKey: randomBytes(32).toString("base64"),
    version: { version: "0.0.0-test", builtAt: new Date(0).toISOString() },
  });
  const app = createApp(deps, { serveWeb: false });
  return {
    app,
    deps,
    database,
    request(path, init = {}) {
      const { json, cookie, remoteAddress, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set("origin", TEST_ORIGIN);
      if (cookie) headers.set("cookie", cookie);
      if (json !== undefined) headers.set("content-type", "application/json");
      const body = json !== undefined ? JSON.stringify(json) : rest.body;
      // In-process calls have no socket; remoteAddress stands in for the TCP peer's address.
      const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined;
      return Promise.resolve(app.request(path, { ...rest, headers, body }, env));
    },
    close: () => (opts.database ? Promise.resolve() : database.dispose()),
  };
}

/** Signs in through the real auth endpoint and returns the session cookie header. */
export async function signIn(ctx: TTestContext, email: string, password: string): Promise<string> {
  const res = await ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return cookies.join("; ");
}
