import { signInWithEmail, type TSignInInput } from "./api";
import { isInternalLoginError, LOGIN_RETRY_DELAY_MS } from "./login-errors";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec 000 §4: one retry after 600 ms when the auth service fails on its side. */
export async function signInWithRetry(input: TSignInInput, delay = wait): Promise<void> {
  try {
    await signInWithEmail(input);
  } catch (error) {
    if (!isInternalLoginError(error)) throw error;
    await delay(LOGIN_RETRY_DELAY_MS);
    await signInWithEmail(input);
  }
}
