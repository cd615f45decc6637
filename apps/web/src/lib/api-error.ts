import { ZApiErrorSchema } from "@leadpost/shared";
import { z } from "zod";

/** Status 0 means the request never got an HTTP answer (offline, DNS, CORS, timeout). */
export const NETWORK_ERROR_CODE = "NETWORK_ERROR";
export const TIMEOUT_ERROR_CODE = "TIMEOUT";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly fields: Record<string, string[]> | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    fields?: Record<string, string[]>;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fields = init.fields;
  }

  /** No HTTP answer at all, or a timeout. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** better-auth answers its own errors as `{ code, message }` at the top level. */
const ZFlatErrorSchema = z.object({ code: z.string().optional(), message: z.string() });

function defaultCode(status: number): string {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 408) return TIMEOUT_ERROR_CODE;
  if (status === 409) return "CONFLICT";
  if (status === 422) return "VALIDATION_FAILED";
  if (status === 429) return "RATE_LIMITED";
  if (status >= 500) return "INTERNAL";
  return "BAD_REQUEST";
}

function defaultMessage(status: number): string {
  if (status >= 500) return "An unexpected error occurred. Please try again.";
  if (status === 401) return "You are not signed in.";
  if (status === 403) return "You don't have permission to do that.";
  if (status === 404) return "Not found.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  return `Request failed (${status}).`;
}

/** Turns any failed response body into an ApiError, whichever error shape the server used. */
export function apiErrorFromBody(status: number, body: unknown, headerRequestId?: string | null): ApiError {
  const requestIdFallback = headerRequestId ?? undefined;
  const wrapped = ZApiErrorSchema.safeParse(body);
  if (wrapped.success) {
    const { code, message, requestId, fields } = wrapped.data.error;
    return new ApiError({ status, code, message, requestId: requestId ?? requestIdFallback, fields });
  }
  const flat = ZFlatErrorSchema.safeParse(body);
  if (flat.success) {
    return new ApiError({
      status,
      code: flat.data.code || defaultCode(status),
      message: flat.data.message || defaultMessage(status),
      requestId: requestIdFallback,
    });
  }
  return new ApiError({
    status,
    code: defaultCode(status),
    message: defaultMessage(status),
    requestId: requestIdFallback,
  });
}
