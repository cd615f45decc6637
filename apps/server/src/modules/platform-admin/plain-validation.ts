import type { Context } from "hono";
import type { ZodError } from "zod";
import type { TAppEnv } from "../../app-types";
import { errorResponse, zodFieldErrors } from "../../plugins/errors";

/** Invalid input answers the form's own words (e.g. "Please fill in both subject and message"). */
export const plainValidation = (
  result: { success: true } | { success: false; error: ZodError },
  c: Context<TAppEnv>,
) => {
  if (result.success) return;
  const message = result.error.issues[0]?.message ?? "Invalid input";
  return errorResponse(c, "VALIDATION_FAILED", message, zodFieldErrors(result.error));
};
