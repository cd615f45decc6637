import type { z } from "zod";
import { apiRequest, type TApiRequestOptions, type TLazySchema } from "../api-client";
import type { paths } from "./openapi-paths.gen";

/**
 * The API client typed by the server's OpenAPI document (openapi-paths.gen.ts, `npm run api:generate`):
 * a call names a documented path and method, its path parameters and body are checked against the
 * document, so a renamed or removed route fails `npm run typecheck`. At run time it only fills the path
 * and hands over to apiRequest (401 handling, timeouts, lazy schemas, ApiError).
 */
type TMethod = "get" | "post" | "put" | "patch" | "delete";

/** The documented paths that answer this method. */
export type TPathFor<M extends TMethod> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type TOperation<P extends keyof paths, M extends TMethod> = NonNullable<paths[P][M]>;

type TPathParams<Op> = Op extends { parameters: { path: infer A } } ? A : never;
type TQueryParams<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type TRequestBody<Op> = Op extends { requestBody?: infer R } ? NonNullable<R> : never;

/** The JSON a caller sends; a documented upload takes a FormData (multipart) or a Blob (raw bytes). */
type TBody<Op> = [TRequestBody<Op>] extends [never]
  ? never
  : TRequestBody<Op> extends { content: { "application/json": infer J } }
    ? J
    : FormData | Blob;

type TSuccess<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R & (200 | 201 | 202 | 204)]: R[S] extends { content: { "application/json": infer J } }
        ? J
        : undefined;
    }[keyof R & (200 | 201 | 202 | 204)]
  : never;

type TParamsPart<Op> = [TPathParams<Op>] extends [never] ? { params?: never } : { params: TPathParams<Op> };
/** Only documented query names; values as the URL carries them. */
type TQueryPart<Op> = [TQueryParams<Op>] extends [never]
  ? { query?: never }
  : { query?: { [K in keyof TQueryParams<Op>]?: string | number | boolean | null | undefined } };
/** A route that documents no body may still be sent an empty JSON object (as the session calls do). */
type TBodyPart<Op> = [TBody<Op>] extends [never]
  ? { body?: Record<string, never> }
  : undefined extends TRequestBody<Op>
    ? { body?: TBody<Op> }
    : { body: TBody<Op> };

type TBaseOptions<T> = Omit<TApiRequestOptions<T>, "method" | "body" | "query" | "schema"> & {
  /** Validates the success body; without it the answer is typed as the document describes it. */
  schema?: z.ZodType<T> | TLazySchema<T>;
};

export type TCallOptions<Op, T> = TBaseOptions<T> & TParamsPart<Op> & TQueryPart<Op> & TBodyPart<Op>;

/** Options may be left out when the route takes no path parameters and no required body. */
type TArgs<Op, T> =
  Partial<TParamsPart<Op> & TBodyPart<Op>> extends TParamsPart<Op> & TBodyPart<Op>
    ? [options?: TCallOptions<Op, T>]
    : [options: TCallOptions<Op, T>];

/** `/api/leads/{leadId}` with `{ leadId }` → `/api/leads/<id>` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path;
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

type TPathParamsOfPath<P extends keyof paths> = TPathParams<NonNullable<paths[P][TMethod]>>;

/**
 * A documented path as the URL to fetch or link to, for what does not go through apiRequest (a file
 * download, an upload that reads its own errors, a health check): checked against the document like a call.
 */
export function apiPath<P extends keyof paths>(
  path: P,
  ...[params]: [TPathParamsOfPath<P>] extends [never] ? [] : [params: TPathParamsOfPath<P>]
): string {
  return fillPath(path, params);
}

type TSentOptions = Omit<TApiRequestOptions<unknown>, "method"> & {
  params?: Record<string, string | number>;
};

// The overloads below checked the options against the document; here they are plain request options.
function send(method: Uppercase<TMethod>, path: string, args: unknown[]): Promise<unknown> {
  const { params, ...rest } = (args[0] ?? {}) as TSentOptions;
  return apiRequest(fillPath(path, params), { ...rest, method });
}

// One overload each: the typed signature for callers, the plain one for the body.
function get<P extends TPathFor<"get">, T = TSuccess<TOperation<P, "get">>>(
  path: P,
  ...args: TArgs<TOperation<P, "get">, T>
): Promise<T>;
function get(path: string, ...args: unknown[]) {
  return send("GET", path, args);
}
function post<P extends TPathFor<"post">, T = TSuccess<TOperation<P, "post">>>(
  path: P,
  ...args: TArgs<TOperation<P, "post">, T>
): Promise<T>;
function post(path: string, ...args: unknown[]) {
  return send("POST", path, args);
}
function put<P extends TPathFor<"put">, T = TSuccess<TOperation<P, "put">>>(
  path: P,
  ...args: TArgs<TOperation<P, "put">, T>
): Promise<T>;
function put(path: string, ...args: unknown[]) {
  return send("PUT", path, args);
}
function patch<P extends TPathFor<"patch">, T = TSuccess<TOperation<P, "patch">>>(
  path: P,
  ...args: TArgs<TOperation<P, "patch">, T>
): Promise<T>;
function patch(path: string, ...args: unknown[]) {
  return send("PATCH", path, args);
}
function del<P extends TPathFor<"delete">, T = TSuccess<TOperation<P, "delete">>>(
  path: P,
  ...args: TArgs<TOperation<P, "delete">, T>
): Promise<T>;
function del(path: string, ...args: unknown[]) {
  return send("DELETE", path, args);
}

export const api = { get, post, put, patch, delete: del };
