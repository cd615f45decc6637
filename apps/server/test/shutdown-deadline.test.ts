import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, type TServerProcess, waitHealthy } from "./helpers/server-process";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";

// SIGTERM ends the process within SHUTDOWN_TIMEOUT_SECONDS even while the database does not answer:
// a request holds the company's transaction open while it waits for a provider that never replies
// (Twilio's credential check here, which gives up only after 10 s), so on the embedded database every
// statement waits behind it, closing the database included.

const SHUTDOWN_TIMEOUT_SECONDS = 2;

describe(`shutdown while the database hangs (${TEST_DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  let silent: Server;
  let silentUrl: string;
  let asked!: () => void;
  /** Resolves once the provider has been called: the request is then waiting for it. */
  const providerAsked = new Promise<void>((resolve) => (asked = resolve));
  let database: TTestDatabase | null = null;
  let server: TServerProcess | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), "lp-shutdown-"));

  beforeAll(async () => {
    // Accepts the connection and the request, and never answers.
    silent = createServer(() => asked());
    const port = await freePort();
    await new Promise<void>((r) => silent.listen(port, "127.0.0.1", r));
    silentUrl = `http://127.0.0.1:${port}`;
    if (TEST_DATABASE_URL) {
      database = await createTestDatabase();
      await database.close();
    }
    server = await spawnServer({
      DATA_DIR: dataDir,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      SEED_DEMO: "true",
      TWILIO_API_BASE_URL: silentUrl,
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });
    await waitHealthy(server);
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    silent.closeAllConnections();
    silent.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits within SHUTDOWN_TIMEOUT_SECONDS", async () => {
    const url = server!.url;
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: "owner@leadpost.test", password: "Leadpost!2026" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // Holds the request's transaction while Twilio "thinks".
    void fetch(`${url}/api/settings/verify/twilio`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, cookie },
      body: JSON.stringify({ accountSid: `AC${"1".repeat(32)}`, authToken: "t".repeat(32) }),
    }).catch(() => {});
    // The request now waits for Twilio (inside its transaction, which on the embedded database holds
    // every other statement, closing the database included).
    await providerAsked;
    server!.child.kill("SIGTERM");
    // A safety net: a process that ignores its deadline fails here instead of hanging the run.
    const exit = await Promise.race([
      server!.exited,
      new Promise<string>((r) => setTimeout(() => r("still running"), 30_000).unref()),
    ]);
    expect(exit).toBe(0);
    // It exited because its deadline (SHUTDOWN_TIMEOUT_SECONDS) passed with the request still waiting,
    // not because the work finished (the product's own decision, logged when the deadline fires).
    const deadline = server!
      .output()
      .split("\n")
      .filter((line) => line.includes("shutdown deadline passed; exiting"))
      .map((line) => JSON.parse(line) as { signal: string; leftInFlight: number; deadlineMs: number });
    expect(deadline).toEqual([
      expect.objectContaining({
        signal: "SIGTERM",
        leftInFlight: 1,
        deadlineMs: SHUTDOWN_TIMEOUT_SECONDS * 1000,
      }),
    ]);
  }, 60_000);
});
