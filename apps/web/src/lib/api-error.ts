/** Status 0 means the request never got an HTTP answer (offline, DNS, CORS, timeout). */
export const NETWORK_ERROR_CODE = "NETWORK_ERROR";
export const TIMEOUT_ERROR_CODE = "TIMEOUT";
export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection.";

/** The error of a request, or a download of the app's own code, that got no answer. */
export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
}

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

// The error shapes are checked by hand rather than with the shared zod schemas: this file is part of every
// page's first load, and zod is not.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

type TWrappedError = { code: string; message: string; requestId?: string; fields?: Record<string, string[]> };

/** The API's own error body, `{ error: { code, message, requestId?, fields? } }` (ZApiErrorSchema). */
function wrappedError(body: unknown): TWrappedError | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, requestId, fields, details } = body.error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  if (requestId !== undefined && typeof requestId !== "string") return null;
  if (fields !== undefined && !(isRecord(fields) && Object.values(fields).every(isStringList))) return null;
  if (details !== undefined && !isRecord(details)) return null;
  return { code, message, requestId, fields: fields as Record<string, string[]> | undefined };
}

/** better-auth answers its own errors as `{ code, message }` at the top level. */
function flatError(body: unknown): { code?: string; message: string } | null {
  if (!isRecord(body) || typeof body.message !== "string") return null;
  if (body.code !== undefined && typeof body.code !== "string") return null;
  return { code: body.code, message: body.message };
}

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
  const wrapped = wrappedError(body);
  if (wrapped) {
    const { code, message, requestId, fields } = wrapped;
    return new ApiError({ status, code, message, requestId: requestId ?? requestIdFallback, fields });
  }
  const flat = flatError(body);
  if (flat) {
    return new ApiError({
      status,
      code: flat.code || defaultCode(status),
      message: flat.message || defaultMessage(status),
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
