import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../app-types";
import { AppError } from "../lib/app-error";

/**
 * Text PostgreSQL cannot store: the NUL character (text columns refuse it) and unpaired UTF-16
 * surrogates (not encodable as UTF-8). Either would reach the database and fail there as a 500.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

export const INVALID_CHARACTERS_MESSAGE =
  "Contains a character that cannot be stored (a null character or a broken emoji). Remove it and try again.";

export function hasUnstorableText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** NUL removed, unpaired surrogates replaced by U+FFFD (what a browser shows for them anyway). */
export function stripUnstorableText(value: string): string {
  return value.replaceAll("\u0000", "").replace(LONE_SURROGATES, "\uFFFD");
}

/** The path ("answers.name", "items.2") of the first string (or key) PostgreSQL could not store. */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return hasUnstorableText(value) ? path.join(".") || "body" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnstorableText(key)) return [...path, stripUnstorableText(key)].join(".");
      const found = findUnstorableText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

function stripDeep(value: unknown): unknown {
  if (typeof value === "string") return stripUnstorableText(value);
  if (Array.isArray(value)) return value.map(stripDeep);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [stripUnstorableText(k), stripDeep(v)]));
  }
  return value;
}

const refuse = (field: string) =>
  new AppError("INVALID_CHARACTERS", 400, `${field}: ${INVALID_CHARACTERS_MESSAGE}`, {
    [field]: [INVALID_CHARACTERS_MESSAGE],
  });

/**
 * At the edge of /api: a query parameter or JSON body text PostgreSQL cannot store is refused with a
 * 400 naming the field, except where a user would expect it quietly cleaned (`strip` paths: an
 * anonymous visitor's form answers pasted from elsewhere), where it is removed instead.
 * JSON carries both only as \u escapes, so bodies without a backslash-u are passed on untouched.
 */
export function textSanitiser(opts: { strip: (path: string) => boolean }): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (/%00/.test(url.pathname)) throw refuse("address");
    for (const [name, value] of url.searchParams) {
      if (hasUnstorableText(name) || hasUnstorableText(value)) throw refuse(stripUnstorableText(name));
    }
    const type = c.req.header("content-type") ?? "";
    if (c.req.method === "GET" || c.req.method === "HEAD" || !/application\/(.+\+)?json/i.test(type)) {
      return next();
    }
    // The auth handler forwards the raw request, so it must stay unread there: read a copy.
    const forwardsRaw = c.req.path.startsWith("/api/auth/");
    const text = forwardsRaw ? await c.req.raw.clone().text() : await c.req.text();
    if (!text.includes("\\u") && !text.includes("\u0000")) return next();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next(); // malformed JSON is the validator's to answer
    }
    const field = findUnstorableText(body);
    if (field === null) return next();
    if (!forwardsRaw && opts.strip(c.req.path)) {
      // Hono keeps the promise of the read text here; json() and the validators parse from it.
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(JSON.stringify(stripDeep(body)));
      return next();
    }
    throw refuse(field);
  };
}
