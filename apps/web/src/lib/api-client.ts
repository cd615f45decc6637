import type { z } from "zod";
import { ApiError, apiErrorFromBody, networkError, TIMEOUT_ERROR_CODE } from "./api-error";
import { sessionStillValid } from "./session/session-check";

/**
 * A schema imported on first use (`() => import("@leadpost/shared/schemas/…").then((m) => m.ZSchema)`):
 * it loads alongside the request. Calls every page makes on its first load (the layouts' and the
 * dashboard's) pass one only in development and tests (`import.meta.env.DEV ? () => import(…) : undefined`):
 * a production build leaves it out and types their answers, as /api/whoami's, so no page downloads zod
 * just to read them (bench/bundle-size.mjs).
 */
export type TLazySchema<T> = () => Promise<z.ZodType<T>>;

export type THttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type TApiRequestOptions<T> = {
  method?: THttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** Validates the success body; without it the body is returned as is. */
  schema?: z.ZodType<T> | TLazySchema<T>;
  signal?: AbortSignal;
  /** Gives up after this long with an ApiError of code TIMEOUT (status 0). */
  timeoutMs?: number;
  /**
   * Calls that may legitimately answer 401 (sign-in, the session bootstrap). Any other 401 means the
   * session ended, so the client clears it and sends the user to /login.
   */
  allowUnauthenticated?: boolean;
  /** Set on the one retry after a 401 whose session turned out to be alive (spec 000 §7.1). */
  isRetryAfter401?: boolean;
};

type TUnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: TUnauthorizedHandler | null = null;

/** The session provider registers what "the session ended" means (clear caches, go to /login). */
export function setUnauthorizedHandler(handler: TUnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query: TApiRequestOptions<unknown>["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function combineSignals(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  if (timeoutMs === undefined) return { signal, timeoutSignal: undefined };
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  return { signal: signal ? AbortSignal.any([signal, timeoutSignal]) : timeoutSignal, timeoutSignal };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One API call: same-origin, with the session cookie, JSON in and out, errors as ApiError. */
export async function apiRequest<T = unknown>(path: string, options: TApiRequestOptions<T> = {}): Promise<T> {
  const { method = "GET", body, query, headers, schema, timeoutMs, allowUnauthenticated = false } = options;
  const { signal, timeoutSignal } = combineSignals(options.signal, timeoutMs);
  const parser = typeof schema === "function" ? schema() : Promise.resolve(schema);
  // A failed request must not leave the schema's import as an unhandled rejection.
  parser.catch(() => undefined);

  // A FormData body (a file upload) goes as multipart; the browser sets its boundary. A Blob (a File)
  // goes as its raw bytes, streamed by the browser (a backup file may be gigabytes).
  const multipart = typeof FormData !== "undefined" && body instanceof FormData;
  const raw = typeof Blob !== "undefined" && body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: "include",
      headers: {
        Accept: "application/json",
        ...(body !== undefined && !multipart
          ? { "Content-Type": raw ? "application/octet-stream" : "application/json" }
          : {}),
        ...headers,
      },
      body:
        multipart || raw ? (body as FormData | Blob) : body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (timeoutSignal?.aborted) {
      throw new ApiError({
        status: 0,
        code: TIMEOUT_ERROR_CODE,
        message: "The request timed out. Please try again.",
      });
    }
    // A caller's own abort (e.g. a cancelled query) must stay an AbortError.
    if (options.signal?.aborted) throw error;
    throw networkError();
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = apiErrorFromBody(response.status, payload, response.headers.get("x-request-id"));
    if (response.status === 401 && !allowUnauthenticated) {
      if (!options.isRetryAfter401 && (await sessionStillValid())) {
        return apiRequest(path, { ...options, isRetryAfter401: true });
      }
      unauthorizedHandler?.(error);
    }
    throw error;
  }
  const validator = await parser;
  return (validator ? validator.parse(payload) : payload) as T;
}
