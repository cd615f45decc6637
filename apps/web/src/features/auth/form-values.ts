// What the account pages show and read beside their forms, without zod (./form-schemas holds the rules,
// loaded on a form's first check).

export const EMAIL_EXAMPLE = "name@company.com";

/** Only our own paths: no scheme, no protocol-relative "//host" (no open redirects). */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value;
}
