/** Form-management texts of 001 §2 and §8, used verbatim. */
export const FORM_LIST_MESSAGES = {
  PUBLISHED: "Form published successfully",
  UNPUBLISHED: "Form unpublished",
  STATUS_FAILED: "Failed to update form status",
  DELETED: "Form deleted successfully",
  DELETE_FAILED: "Failed to delete form",
  LOAD_FAILED: "Failed to load forms. Please try again later.",
  CONFIRM_DELETE: "Are you sure you want to delete this form? This action cannot be undone.",
  EMPTY: "No forms created yet",
  CREATE_FIRST: "Create your first form",
  NO_DESCRIPTION: "No description",
} as const;

/** 000 §5.2 and §8: image upload rules and failure. */
export const IMAGE_UPLOAD = {
  MAX_BYTES: 5 * 1024 * 1024,
  NOT_IMAGE: "Please upload an image file",
  TOO_LARGE: "File size must be less than 5MB",
  FAILED: "Failed to upload image.",
} as const;
