/** Purging expired rows (idempotency keys, rate-limit counters) on a schedule. */
export { IDEMPOTENCY_RETENTION_MS, purgeExpiredRows, RATE_LIMIT_RETENTION_MS } from "./purge";
