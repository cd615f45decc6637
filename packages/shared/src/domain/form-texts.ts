// Plain constants with no zod, so the public form page can import them and stay small.

/** Texts of spec 001 §2 and §8 that the server answers with. */
export const FORM_MESSAGES = {
  NOT_FOUND_OR_UNPUBLISHED: "Form not found or not published",
  /** A suspended company's forms (platform admin → company → Suspend). */
  CLOSED: "This form is not accepting submissions right now. Please try again later.",
  NOT_FOUND: "Form not found",
  INVALID_DATA: "Invalid form data. Please check your inputs.",
  SUBMITTED: "Form submitted successfully!",
  DEFAULT_SUCCESS: "Your form has been submitted successfully.",
  PUBLISHED: "Form published successfully",
  UNPUBLISHED: "Form unpublished",
  DELETED: "Form deleted successfully",
  NOTHING_TO_PUBLISH: "Add at least one question before publishing this form.",
  TOO_MANY_SUBMISSIONS: "Too many submissions. Please wait {seconds} seconds and try again.",
} as const;
