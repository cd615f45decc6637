import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import type { TDeps } from "./app-types";
import { openBackgroundDatabase, openDatabase } from "./db/client";
import { closeListener } from "./db/listener";
import { runMigrations } from "./db/migrate";
import { seedDemoIfEmpty } from "./db/seed/seed-demo";
import { createSmtpTransport } from "./integrations/email/smtp";
import { preloadZipCentroids } from "./integrations/geocoding/zip-centroids";
import { createJobQueue } from "./jobs/queue";
import { registerJobs } from "./jobs/register";
import type { TConfig } from "./lib/config";
import { lockDataDir } from "./lib/data-dir-lock";
import { persistedLocalSecret } from "./lib/local-secret";
import type { TLogger } from "./lib/logger";
import { readVersion } from "./lib/version";
import { startRoutingWorker, type TRoutingWorker } from "./modules/lead-distribution";
import { backgroundDeps, wireDeps } from "./wire";

/** Thrown when the server must not start; index.ts prints the message and exits non-zero. */
export class StartupError extends Error {}

/** Opens the database, migrates, seeds (first start only) and wires the dependencies. */
export async function createDeps(config: TConfig, logger: TLogger): Promise<TDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  logger.info({ database: database.kind }, "database ready");
  const deps = wireDeps({
    config,
    database,
    logger,
    authSecret: config.authSecret ?? persistedLocalSecret(config.dataDir, "auth-secret"),
    encryptionKey: config.encryptionKey ?? persistedLocalSecret(config.dataDir, "encryption-key"),
    version: readVersion(),
  });
  // After wiring: the demo leads are routed (and their buyers notified) by the real services.
  if (config.seedDemo) await seedDemoIfEmpty(deps);
  return deps;
}

/** Production refuses to start when its mail server cannot be reached: nobody could verify or reset. */
async function checkMailTransport(config: TConfig) {
  if (!config.isProduction || !config.mail.smtpUrl || config.mail.resendApiKey) return;
  try {
    await createSmtpTransport(config.mail.smtpUrl).verify();
  } catch (err) {
    const safeUrl = config.mail.smtpUrl.replace(/\/\/[^@/]*@/, "//***@");
    throw new StartupError(
      `The mail server at SMTP_URL (${safeUrl}) does not answer: ${(err as Error).message}. ` +
        "Production needs working mail for account verification and password resets.",
    );
  }
}

export async function startServer(config: TConfig, logger: TLogger) {
  await checkMailTransport(config);
  // The embedded database belongs to one process; PostgreSQL coordinates instances itself.
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let deps: TDeps;
  try {
    deps = await createDeps(config, logger);
  } catch (err) {
    releaseLock();
    throw err;
  }
  // Routing and the jobs use a pool of their own (PostgreSQL), so their backlog never holds the
  // connections the requests need.
  const background = backgroundDeps(
    deps,
    openBackgroundDatabase(deps.database, config.databaseBackgroundPoolSize),
  );
  // The job queue starts once the server listens (nothing on the request path waits for it); jobs are
  // registered now, so e-mail sent in the meantime is queued as soon as it runs.
  const queue = createJobQueue(deps.database, logger);
  const jobsRegistered = registerJobs(queue, deps, background);
  const app = createApp(deps);

  // Requests being answered; streams (/api/events) resolve fetch at once and are not counted.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const fetch: typeof app.fetch = async (request, ...rest) => {
    inFlight++;
    try {
      return await app.fetch(request, ...rest);
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
  };

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info(
        { port: info.port, url: config.publicUrl, version: deps.version.version },
        "Leadpost is listening",
      );
      resolve(s);
    });
  });
  // Routes the leads the accept path stores (woken in-process at each submission, by any instance's
  // NOTIFY, else polling).
  const routingWorker: TRoutingWorker = startRoutingWorker(background);
  Promise.all([queue.start(), jobsRegistered]).then(
    () => {
      queue.startupDone();
      logger.info("job queue running");
      preloadZipCentroids();
    },
    (err) => {
      // A stop asked for while the queue was still starting makes its registrations fail: not a fault.
      if (stopping) return;
      logger.fatal({ err }, "Leadpost failed to start its job queue");
      void stop("job queue failure").then(() => process.exit(1));
    },
  );
  // Idle keep-alive connections live longer than a client's or a proxy's reuse window (Node's 5 s
  // default closes a socket just as a client reuses it: the client sees ECONNRESET).
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  let stopping: Promise<void> | null = null;
  /**
   * Stop accepting, finish the requests and jobs in flight (up to the deadline), close the database.
   * Resolves by the deadline whatever hangs (a database that no longer answers): the process then
   * exits with that work left, as it would after kill -9.
   */
  const stop = (signal: string) => {
    stopping ??= (async () => {
      const deadline = Date.now() + config.shutdownTimeoutMs;
      logger.info({ signal, inFlight, deadlineMs: config.shutdownTimeoutMs }, "shutting down");
      const finished = await Promise.race([
        drainAndClose(signal, deadline).then(() => true),
        sleep(Math.max(0, deadline - Date.now())).then(() => false),
      ]);
      if (!finished) {
        logger.warn(
          { signal, leftInFlight: inFlight, deadlineMs: config.shutdownTimeoutMs },
          "shutdown deadline passed; exiting",
        );
      }
      releaseLock();
    })();
    return stopping;
  };
  const drainAndClose = async (signal: string, deadline: number) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => {
          drained = resolve;
        }),
        sleep(Math.max(0, deadline - Date.now())),
      ]);
    }
    // Let answers finish writing, then cut what is left (event streams: clients reconnect elsewhere).
    await Promise.race([closed, sleep(Math.min(1000, Math.max(0, deadline - Date.now())))]);
    if ("closeAllConnections" in server) server.closeAllConnections();
    // The batch in hand is finished; anything left waits for another instance or the next start.
    await routingWorker.stop();
    await queue.stop(Math.max(1000, deadline - Date.now())).catch((err) => {
      logger.warn({ err }, "job queue did not stop cleanly");
    });
    await closeListener(deps.database).catch(() => {});
    if (background.database !== deps.database) await background.database.close().catch(() => {});
    await deps.database.close().catch(() => {});
    logger.info({ signal, leftInFlight: inFlight }, "stopped");
  };
  process.on("SIGTERM", () => void stop("SIGTERM").then(() => process.exit(0)));
  process.on("SIGINT", () => void stop("SIGINT").then(() => process.exit(0)));
  return { server, deps, queue, stop };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
