import { createHash } from "node:crypto";
import { AppError } from "./app-error";

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "Idempotency key reused with a different request";

/** JSON with object keys sorted at every level, so {a,b} and {b,a} hash alike; undefined drops out. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * The fingerprint an idempotency key is stored with: a SHA-256 of the whole request (what it acts on
 * and everything it says), so a retry with the same key must be the same request to be replayed.
 */
export function requestHash(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/** The answer to a key already used for a request with another body: 409, nothing done. */
export function idempotencyKeyReused(): AppError {
  return new AppError("IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_KEY_REUSED_MESSAGE);
}
