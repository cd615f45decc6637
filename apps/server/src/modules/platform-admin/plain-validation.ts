import { describeValidationIssue } from "@leadpost/shared";
import type { Context } from "hono";
import type { ZodError } from "zod";
import type { TAppEnv } from "../../app-types";
import { errorResponse, zodFieldErrors } from "../../plugins/errors";

/**
 * Invalid input answers the form's own words (e.g. "Please fill in both subject and message"); where
 * the schema has none (a body that is not an object, a field of the wrong type), the field named in
 * words and what to do, as every other route answers, never the validation library's message.
 */
export const plainValidation = (
  result: { success: true } | { success: false; error: ZodError },
  c: Context<TAppEnv>,
) => {
  if (result.success) return;
  const first = result.error.issues[0];
  const message = first ? describeValidationIssue(first) : "Check the form and try again.";
  return errorResponse(c, "VALIDATION_FAILED", message, zodFieldErrors(result.error));
};
