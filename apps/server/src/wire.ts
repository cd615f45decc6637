import type { TDeps } from "./app-types";
import type { TDatabase } from "./db/client";
import { createStorage } from "./integrations/storage";
import type { TConfig } from "./lib/config";
import { createJobSender } from "./lib/job-sender";
import type { TLogger } from "./lib/logger";
import { createSecretBox } from "./lib/secret-box";
import { createAuth } from "./modules/auth";
import { payLeadBid } from "./modules/credits";
import { createEmailService } from "./modules/email";
import { recordImpersonationEnded } from "./modules/platform-admin";

/** Builds every service from the config and an open database; shared by the server and the tests. */
export function wireDeps(opts: {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  authSecret: string;
  encryptionKey: string;
  version: { version: string; builtAt: string };
}): TDeps {
  const { config, database, logger } = opts;
  const secretBox = createSecretBox(opts.encryptionKey);
  const email = createEmailService({ db: database.db, config, secretBox, logger });
  const auth = createAuth({
    db: database.db,
    config,
    secret: opts.authSecret,
    email,
    logger,
    onImpersonationEnded: (ended) => recordImpersonationEnded(database.db, ended),
  });
  const storage = createStorage(config);
  return {
    config,
    database,
    logger,
    auth,
    email,
    // Highest-price bids are paid through the credit ledger, which routing may not import.
    payBid: payLeadBid,
    jobs: createJobSender(),
    secretBox,
    storage,
    version: opts.version,
    startedAt: Date.now(),
  };
}

/**
 * The dependencies background work runs with (the routing worker, the job handlers): the same services
 * on `database`, the background pool (db/client.ts openBackgroundDatabase). E-mail stored there is
 * queued by the same job queue (registerJobs attaches it to both services).
 */
export function backgroundDeps(deps: TDeps, database: TDatabase): TDeps {
  if (database === deps.database) return deps;
  const email = createEmailService({
    db: database.db,
    config: deps.config,
    secretBox: deps.secretBox,
    logger: deps.logger,
  });
  return { ...deps, database, email };
}
