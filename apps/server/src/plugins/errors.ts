import {
  describeValidationIssue,
  ERROR_CATALOGUE,
  errorStatus,
  summarizeValidationIssues,
  type TApiError,
  type TErrorCode,
} from "@leadpost/shared";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { TAppEnv } from "../app-types";
import { AppError } from "../lib/app-error";

export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

export function errorBody(
  c: Context<TAppEnv>,
  code: TErrorCode,
  message: string,
  fields?: Record<string, string[]>,
  details?: Record<string, unknown>,
): TApiError {
  return {
    error: {
      code,
      message,
      requestId: c.get("requestId"),
      ...(fields ? { fields } : {}),
      ...(details ? { details } : {}),
    },
  };
}

/** An error answered without a throw: the catalogue decides the status, as for AppError. */
export function errorResponse<C extends TErrorCode>(
  c: Context<TAppEnv>,
  code: C,
  message?: string,
  fields?: Record<string, string[]>,
) {
  return c.json(errorBody(c, code, message ?? ERROR_CATALOGUE[code].message, fields), errorStatus(code));
}

/** Field errors keyed by the field's dotted path (for screens to place them), each in words. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] = [...(fields[key] ?? []), describeValidationIssue(issue)];
  }
  return fields;
}

/** Every validation failure: the field named in words and what to do (never a schema path). */
export function validationResponse(c: Context<TAppEnv>, error: ZodError) {
  const fields = zodFieldErrors(error);
  return errorResponse(c, "VALIDATION_FAILED", summarizeValidationIssues(error.issues), fields);
}

const WRONG_BODY_KIND =
  "This address does not take a body of that Content-Type: send JSON (application/json), or a file as multipart/form-data, as the API reference shows.";

/** The single place where thrown errors become the shared error body. */
export function handleError(err: Error, c: Context<TAppEnv>) {
  if (err instanceof AppError) {
    return c.json(errorBody(c, err.code, err.message, err.fields, err.details), err.status);
  }
  if (err instanceof ZodError) return validationResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status >= 500 ? "INTERNAL" : "BAD_REQUEST";
    // The OpenAPI validator's 415 says only "Unsupported Media Type": say what the address takes.
    const message = status === 415 ? WRONG_BODY_KIND : err.message || "Bad request";
    return c.json(errorBody(c, code, message), status);
  }
  (c.get("log") ?? console).error({ err }, "unhandled error");
  return errorResponse(c, "INTERNAL", UNEXPECTED_ERROR_MESSAGE);
}
