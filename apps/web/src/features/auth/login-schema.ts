// Spec 000 §5.2, company login. Checked by hand rather than with zod so the sign-in page's first load
// carries no zod; the rules are the ones the zod schema had (trimmed e-mail in zod's e-mail pattern,
// a password of at least 8 characters).
export const LOGIN_EMAIL_MESSAGE = "Please enter a valid email address";
export const LOGIN_PASSWORD_MESSAGE = "Password must be at least 8 characters";
export const LOGIN_PASSWORD_MIN = 8;

/** zod 4's `z.email()` pattern. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type TLoginInput = { email: string; password: string };
export type TLoginValues = { email: string; password: string };

type TLoginErrors = Partial<Record<keyof TLoginInput, string>>;

/** The values to sign in with (e-mail trimmed), or each field's message. */
export function validateLogin(
  input: TLoginInput,
): { values: TLoginValues; errors: null } | { values: null; errors: TLoginErrors } {
  const email = input.email.trim();
  const errors: TLoginErrors = {};
  if (!EMAIL_PATTERN.test(email)) errors.email = LOGIN_EMAIL_MESSAGE;
  if (input.password.length < LOGIN_PASSWORD_MIN) errors.password = LOGIN_PASSWORD_MESSAGE;
  if (errors.email || errors.password) return { values: null, errors };
  return { values: { email, password: input.password }, errors: null };
}
