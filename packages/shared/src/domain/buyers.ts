// Lead buyers' texts, lists and small rules (001), without zod: the Buyers screen reads them without the
// schemas (schemas/buyers.ts re-exports them).

export const BUYER_STATUSES = ["pending", "active", "inactive"] as const;
export type TBuyerStatus = (typeof BUYER_STATUSES)[number];
export const BUYER_TABS = ["active", "pending", "inactive", "all"] as const;
export type TBuyerTab = (typeof BUYER_TABS)[number];

export const SERVICE_RADIUS = { DEFAULT: 50, MIN: 1, MAX: 500 } as const;

/** Spec 001 §5 and §8, verbatim. */
export const BUYER_MESSAGES = {
  CONTACT_NAME: "Contact name must be at least 2 characters.",
  COMPANY_NAME: "Company name must be at least 2 characters.",
  EMAIL: "Please enter a valid email address.",
  PHONE: "Please enter a valid phone number",
  RADIUS_MIN: "Service radius must be at least 1 mile.",
  RADIUS_MAX: "Service radius cannot exceed 500 miles.",
  RADIUS_WHOLE: "Service radius must be a whole number of miles.",
  ZIP: "Please enter a valid ZIP code (5 digits, optionally followed by a dash and 4 digits).",
  COST: "Cost per lead must be a number of at least 0.",
  PREPAID_TOTAL: "Prepaid leads must be a whole number of at least 0.",
  PREPAID_REMAINING: "Prepaid remaining must be a whole number between 0 and the total.",
  INVALID_FORM: "Please correct the highlighted fields",
  NICHE_UNKNOWN: "Please select a niche",
  CREATE_DUPLICATE: "A buyer with this email already exists in your company.",
  CREATE_PERMISSION: "Permission denied. You must be an owner or admin to create buyers.",
  CREATED: "Buyer created successfully!",
  UPDATE_PERMISSION: "Permission denied. You must be an owner or admin to update buyers.",
  UPDATED: "Buyer updated successfully!",
  ARCHIVE_PERMISSION: "Permission denied. You must be an owner or admin to delete buyers.",
  ARCHIVE_NAME_MISMATCH: "Company name does not match. Please type the exact company name to confirm.",
  ARCHIVE_PREPAID: "Cannot delete: Buyer has unconsumed prepaid leads. Please use or refund them first.",
  ARCHIVE_CREDITS: "Cannot delete: Buyer has unconsumed credits. Please use or refund them first.",
  NOT_FOUND: "Buyer not found or already deleted.",
  ARCHIVED: "Buyer archived successfully. Purchases remain linked.",
  BASIC_LIMIT: "Basic tier companies are limited to 1 buyer. Please upgrade your subscription.",
  LOAD_FAILED: "Error loading buyers",
} as const;

/** The toast after the status switch (001 §4). */
export function buyerMovedMessage(companyName: string, status: "active" | "inactive"): string {
  return `${companyName} moved to ${status === "active" ? "Active" : "Inactive"} Buyers tab`;
}

/** The archive prompt of the list (001 §2). */
export function archivePrompt(name: string): string {
  return `Archive ${name}? Purchases remain; buyer cannot access.`;
}

/** Credits for a lead = price / credit value, rounded up (001 §9), computed in whole cents. */
export function creditsForPrice(priceUsd: number, creditValueUsd: number): number {
  const priceCents = Math.round(priceUsd * 100);
  const valueCents = Math.max(1, Math.round(creditValueUsd * 100));
  return Math.ceil(priceCents / valueCents);
}

/** What the buyer is called on cards and in prompts: its company name, else the contact name. */
export const buyerDisplayName = (b: { companyName: string | null; contactName: string }) =>
  b.companyName?.trim() || b.contactName;

export const APPLICATION_MESSAGES = {
  NO_COMPANY: "No company association was found. Ask the company for its application link.",
  SUBMITTED: "Application submitted. The company will review it and e-mail you an invitation.",
  DUPLICATE: "You have already applied to this company for this niche.",
  CLOSED: "This company is not accepting buyer applications right now.",
} as const;
