import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): slow for attackers, quick for a login.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// Under the test runner only (NODE_ENV=test, never set in production): still argon2id, at its smallest
// cost, because test suites register hundreds of accounts and the full cost made that minutes of CPU.
// A stored hash names its own cost, so verifying works across both.
const TEST_OPTIONS = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) =>
  hash(password, process.env.NODE_ENV === "test" ? TEST_OPTIONS : OPTIONS);

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
