import { ConfigError, loadConfig } from "./lib/config";
import { DataDirLockedError } from "./lib/data-dir-lock";
import { createLogger } from "./lib/logger";
import { StartupError, startServer } from "./server";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Leadpost cannot start.\n${err.message}`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.logLevel);
startServer(config, logger).catch((err) => {
  if (err instanceof DataDirLockedError || err instanceof StartupError) {
    console.error(`Leadpost cannot start.\n${err.message}`);
    process.exit(1);
  }
  logger.fatal({ err }, "Leadpost failed to start");
  process.exit(1);
});
