/** Placeholder until a real number is configured (555-01xx numbers are reserved for fiction). */
const DEFAULT_SUPPORT_PHONE = "+1 (555) 010-0199";

export const PRODUCT_NAME = "Leadpost";

export const SUPPORT_PHONE = import.meta.env.VITE_SUPPORT_PHONE?.trim() || DEFAULT_SUPPORT_PHONE;

/** tel: links want digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
