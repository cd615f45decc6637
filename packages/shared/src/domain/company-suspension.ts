// Zod-free and apart from the trial banner's facts, so the text loads only where it is shown.

/** What a suspended company's users see instead of their pages (error code COMPANY_SUSPENDED). */
export const COMPANY_SUSPENDED_MESSAGE =
  "Your company's account is suspended. Contact Leadpost support to have it reinstated; your data is kept.";
