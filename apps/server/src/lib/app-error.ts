import type { TErrorCode } from "@leadpost/shared";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error type services throw; the error plugin turns it into the shared error body. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode | (string & {}),
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message = "Not found") => new AppError("NOT_FOUND", 404, message);
export const forbidden = (message = "You do not have permission to do this.") =>
  new AppError("FORBIDDEN", 403, message);
export const unauthenticated = (message = "Please sign in to continue.") =>
  new AppError("UNAUTHENTICATED", 401, message);
export const conflict = (message: string) => new AppError("CONFLICT", 409, message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", 400, message);
