import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import type { TDeps } from "./app-types";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDemoIfEmpty } from "./db/seed/seed-demo";
import { startCreditExpiryJob } from "./jobs/credit-expiry";
import { startIntervalJob } from "./jobs/interval";
import type { TConfig } from "./lib/config";
import { persistedLocalSecret } from "./lib/local-secret";
import type { TLogger } from "./lib/logger";
import { readVersion } from "./lib/version";
import { retryFailedRouting } from "./modules/submissions/routing";
import { wireDeps } from "./wire";

/** Opens the database, migrates, seeds (first start only) and wires the dependencies. */
export async function createDeps(config: TConfig, logger: TLogger): Promise<TDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  logger.info({ database: database.kind }, "database ready");
  if (config.seedDemo) await seedDemoIfEmpty(database, logger);
  return wireDeps({
    config,
    database,
    logger,
    authSecret: config.authSecret ?? persistedLocalSecret(config.dataDir, "auth-secret"),
    encryptionKey: config.encryptionKey ?? persistedLocalSecret(config.dataDir, "encryption-key"),
    version: readVersion(),
  });
}

export async function startServer(config: TConfig, logger: TLogger) {
  const deps = await createDeps(config, logger);
  const app = createApp(deps);
  const stopJobs = [
    startIntervalJob("email-retry", 15_000, () => deps.email.retryDue(), logger),
    startIntervalJob("routing-retry", 30_000, () => retryFailedRouting(deps), logger),
    startCreditExpiryJob(deps),
  ];
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info(
        { port: info.port, url: config.publicUrl, version: deps.version.version },
        "Leadpost is listening",
      );
      resolve(s);
    });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    for (const stopJob of stopJobs) stopJob();
    server.close();
    await deps.database.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return { server, deps };
}
