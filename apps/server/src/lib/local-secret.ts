import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Outside production a missing secret is made once and kept in DATA_DIR, so sessions and encrypted
 * settings survive restarts without any setup. Production requires the variable (see config).
 */
export function persistedLocalSecret(dataDir: string, name: string): string {
  const dir = resolve(dataDir);
  const file = join(dir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("base64");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
