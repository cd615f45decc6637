import type { TCompanyRole } from "../schemas/session";

/** Stored "admin" means org_admin; names compare case-insensitively (spec 000 §6). */
export function normalizeRole(raw: string): TCompanyRole | null {
  const role = raw.trim().toLowerCase();
  if (role === "admin" || role === "org_admin") return "org_admin";
  if (role === "owner" || role === "member") return role;
  return null;
}

export function isCompanyAdminRole(role: TCompanyRole | null | undefined): boolean {
  return role === "owner" || role === "org_admin";
}
