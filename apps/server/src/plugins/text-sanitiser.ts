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

/** Where a value sits in the body: its key and its parent's place, so a path is built only when needed. */
type TPlace = { key: string; parent: TPlace | null } | null;

const pathOf = (place: TPlace) => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join(".");
};

/**
 * The path ("answers.name", "items.2") of the first string (or key) PostgreSQL could not store. An
 * explicit stack, each value visited once: linear in the body whatever its depth.
 */
export function findUnstorableText(root: unknown): string | null {
  const stack: { value: unknown; place: TPlace }[] = [{ value: root, place: null }];
  while (stack.length > 0) {
    const { value, place } = stack.pop()!;
    if (typeof value === "string") {
      if (hasUnstorableText(value)) return pathOf(place) || "body";
    } else if (Array.isArray(value)) {
      // Pushed last to first, so the first item is looked at first (the path reported is the first).
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], place: { key: String(i), parent: place } });
      }
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        if (hasUnstorableText(key))
          return [pathOf(place), stripUnstorableText(key)].filter(Boolean).join(".");
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return null;
}

/** The body's JSON again with every string and key cleaned; JSON.parse's reviver visits each value once. */
function stripJson(text: string): string {
  const cleaned = JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === "string") return stripUnstorableText(value);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (!keys.some(hasUnstorableText)) return value;
      return Object.fromEntries(
        keys.map((k) => [stripUnstorableText(k), (value as Record<string, unknown>)[k]]),
      );
    }
    return value;
  });
  return JSON.stringify(cleaned);
}

const refuse = (field: string) =>
  new AppError("INVALID_CHARACTERS", `${field}: ${INVALID_CHARACTERS_MESSAGE}`, {
    [field]: [INVALID_CHARACTERS_MESSAGE],
  });

/**
 * At the edge of /api: a query parameter or JSON body text PostgreSQL cannot store is refused with a
 * 400 naming the field, except where a user would expect it quietly cleaned (`strip` paths: an
 * anonymous visitor's form answers pasted from elsewhere), where it is removed instead.
 * JSON carries both only as \u escapes, so bodies without a backslash-u are passed on untouched. The
 * body's depth and size were bounded before (plugins/body-shape.ts); the walks here are linear.
 */
export function textSanitiser(opts: {
  strip: (path: string) => boolean;
  /** Routes whose body is a file streamed as it arrives (a backup): never read here. */
  rawBody?: (path: string) => boolean;
}): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (/%00/.test(url.pathname)) throw refuse("address");
    for (const [name, value] of url.searchParams) {
      if (hasUnstorableText(name) || hasUnstorableText(value)) throw refuse(stripUnstorableText(name));
    }
    const type = c.req.header("content-type") ?? "";
    if (
      c.req.method === "GET" ||
      c.req.method === "HEAD" ||
      !/application\/(.+\+)?json/i.test(type) ||
      opts.rawBody?.(c.req.path)
    ) {
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
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(stripJson(text));
      return next();
    }
    throw refuse(field);
  };
}
