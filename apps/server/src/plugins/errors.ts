import type { TApiError } from "@leadpost/shared";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { TAppEnv } from "../app-types";
import { AppError } from "../lib/app-error";

export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

export function errorBody(
  c: Context<TAppEnv>,
  code: string,
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

export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

export function validationResponse(c: Context<TAppEnv>, error: ZodError) {
  const fields = zodFieldErrors(error);
  const first = error.issues[0];
  const message = first ? `${first.path.join(".") || "input"}: ${first.message}` : "Invalid input";
  return c.json(errorBody(c, "VALIDATION_FAILED", message, fields), 422);
}

/** The single place where thrown errors become the shared error body. */
export function handleError(err: Error, c: Context<TAppEnv>) {
  if (err instanceof AppError) {
    return c.json(errorBody(c, err.code, err.message, err.fields, err.details), err.status);
  }
  if (err instanceof ZodError) return validationResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status >= 500 ? "INTERNAL" : "BAD_REQUEST";
    return c.json(errorBody(c, code, err.message || "Bad request"), status);
  }
  (c.get("log") ?? console).error({ err }, "unhandled error");
  return c.json(errorBody(c, "INTERNAL", UNEXPECTED_ERROR_MESSAGE), 500);
}
