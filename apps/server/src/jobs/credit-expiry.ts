import type { TDeps } from "../app-types";
import { runCreditExpiry } from "../modules/credits/expiry";
import { startIntervalJob } from "./interval";

const HOURLY = 60 * 60 * 1000;

/** Hourly: unconsumed credits of expired grants leave the wallets with an `expire` entry. */
export function startCreditExpiryJob(deps: Pick<TDeps, "database" | "logger">) {
  return startIntervalJob(
    "credit-expiry",
    HOURLY,
    async () => {
      const result = await runCreditExpiry(deps);
      if (result.credits > 0) deps.logger.info({ job: "credit-expiry", ...result }, "credits expired");
    },
    deps.logger,
  );
}
