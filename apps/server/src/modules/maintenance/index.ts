export { IDEMPOTENCY_RETENTION_MS, purgeExpiredRows, RATE_LIMIT_RETENTION_MS } from "./purge";
