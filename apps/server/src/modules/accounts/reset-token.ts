import type { TDeps } from "../../app-types";
import { authStoreOf } from "../../lib/better-auth-adapter";

/**
 * Whether a password reset link's token can still be used (not used, not replaced, not past its hour),
 * so the reset page can say so before asking for a new password, and the account's e-mail address, so
 * the page can sign the user in with the new password (whoever holds the token may set that password
 * anyway). Reads the auth library's own store through its adapter (identifiers are stored hashed).
 */
export async function checkResetToken(
  deps: Pick<TDeps, "auth">,
  token: string,
): Promise<{ valid: boolean; email: string | null }> {
  const store = await authStoreOf(deps.auth);
  const found = await store.findVerificationValue(`reset-password:${token}`);
  if (!found || found.expiresAt.getTime() <= Date.now()) return { valid: false, email: null };
  const user = await store.findUserById(found.value);
  return user ? { valid: true, email: user.email } : { valid: false, email: null };
}
