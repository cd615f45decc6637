import { ERROR_CATALOGUE, type TErrorCode, type TErrorStatus } from "@leadpost/shared";

/**
 * The one error type services throw; the error plugin turns it into the shared error body. It takes a
 * code of the closed catalogue (packages/shared domain/error-catalogue.ts), which decides the status:
 * no throw site chooses one. Without a message the catalogue's default is used.
 */
export class AppError extends Error {
  readonly status: TErrorStatus;
  constructor(
    readonly code: TErrorCode,
    message?: string,
    readonly fields?: Record<string, string[]>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = "AppError";
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export const notFound = (message?: string) => new AppError("NOT_FOUND", message);
export const forbidden = (message?: string) => new AppError("FORBIDDEN", message);
export const unauthenticated = (message?: string) => new AppError("UNAUTHENTICATED", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
