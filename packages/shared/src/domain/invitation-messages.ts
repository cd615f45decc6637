// The invitation flows' texts, without zod: pages show them before any rule loads.

export const INVITATION_MESSAGES = {
  INVALID: "Invalid or expired invitation",
  USED: "This invitation has already been used",
  BAD_LINK: "Invalid invitation link",
  NO_BUYER: "Could not find buyer information",
  DUPLICATE: "A buyer with this email already exists for this niche.",
  BASIC_LIMIT: "Basic tier companies are limited to 1 buyer. Please upgrade your subscription.",
} as const;
