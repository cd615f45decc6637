// The shared e-mail check of spec 000 §5.1.
const LOCAL_ALLOWED = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_ALLOWED = /^[A-Za-z0-9.-]+$/;

export function isValidEmail(raw: string): boolean {
  const value = raw.trim();
  if (value.length === 0 || value.length > 254) return false;
  const parts = value.split("@");
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local.length < 1 || local.length > 64) return false;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  if (domain.length < 1 || domain.length > 253 || !domain.includes(".")) return false;
  if (/^[.-]|[.-]$/.test(domain) || domain.includes("..")) return false;
  return LOCAL_ALLOWED.test(local) && DOMAIN_ALLOWED.test(domain);
}

/** Trimmed and lower-cased, as every flow stores and compares addresses. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();
